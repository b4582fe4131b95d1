/**
 * The shop's advanced search as its checks call it (spec §2, §4.7, §7): the
 * catalog entry, a call with any body, and the version's response schema,
 * which the spec fixes for statuses 200, 400, 409 and 500 alike.
 */
import { expect, type TestContext } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { entryById, expectedVerdict, type CatalogEntry } from '../../../src/catalog/index.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { formatValidationErrors, validateBody } from '../../../src/schemas/validator.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { skipWithReason } from '../../../src/check/skip.ts';

export const searchEntry: CatalogEntry = entryById('shop.advanced-search');

/**
 * The search's 8.0 change (object bodies, removed request properties) does
 * not apply to a version where the entry is unchanged (7.4, whose old shape
 * the lifecycle's served check holds it to): a documented N/A skip.
 */
export async function skipUnlessChanged(test: TestContext, version: PlatformVersion): Promise<void> {
  const verdict = expectedVerdict(searchEntry, version);
  if (verdict === 'unchanged') await skipWithReason(test, `not applicable: the advanced search is ${searchEntry.change} in 8.0; ${version} keeps its old request and array bodies (spec ${searchEntry.specSection})`);
}

export function searchLabels(spec: string): CheckLabels {
  return { module: 'shop', feature: searchEntry.change, story: `${searchEntry.method} ${searchEntry.path}`, spec };
}

export function advancedSearch(api: PlatformApi, body: unknown): Promise<HttpResponse> {
  return api.call({ method: searchEntry.method, path: searchEntry.path, json: body });
}

/** The body must have the version's response shape (spec §4.7: the same for 200, 400, 409 and 500). */
export function expectSearchBodyShape(response: HttpResponse, version: PlatformVersion): void {
  const schemaId = searchEntry.schemas?.response?.[version];
  if (!schemaId) throw new Error(`the catalog names no ${version} response schema for ${searchEntry.id}`);
  const result = validateBody(schemaId, response.json());
  expect(result.ok ? '' : formatValidationErrors(result.errors), `HTTP ${response.status} body against ${schemaId}`).toBe('');
}
