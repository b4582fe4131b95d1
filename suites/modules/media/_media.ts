/**
 * What the media checks share (spec §4.4): their catalog entries and labels,
 * fixture lookup for an entry's path, and readers for the JSON they inspect.
 * Shared helpers of suites start with `_` (STYLE.md).
 */
import type { TestContext } from 'vitest';
import { entryById, expectedVerdict, pathParamNames, versionedPath, type CatalogEntry, type EntryIdOf } from '../../../src/catalog/index.ts';
import { isFixtureName, type FixtureName } from '../../../src/catalog/fixtures.ts';
import type { RecipeInput } from '../_requests.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { targetVersion } from '../../../src/run-targets/current-target.ts';
import { isRecord, type JsonRecord } from '../../../src/http/json.ts';
export { isRecord, type JsonRecord };

/** The objects of an array; anything else has none. */
export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Member `name` of a JSON object, or undefined. */
export function member(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its canonical text form (RFC 9562 §4), as spec §2 types `uuid`. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

export function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** The catalog entry of a media endpoint; a wrong id is a programming error. */
export function mediaEntry(id: EntryIdOf<'media'>): CatalogEntry {
  return entryById(id);
}

export function endpointOf(entry: Pick<CatalogEntry, 'method' | 'path'>): string {
  return `${entry.method} ${entry.path}`;
}

/** Whether this project's version has the entry's 8.0 change (new, changed, deprecated or breaking there). */
export function hasChange(entry: CatalogEntry): boolean {
  const verdict = expectedVerdict(entry, targetVersion());
  return verdict !== 'unchanged' && verdict !== 'absent';
}

/** A check of an 8.0 change does not apply to a version without it: skipped, saying so. */
export async function requireChange(test: TestContext, entry: CatalogEntry, what: string): Promise<void> {
  if (hasChange(entry)) return;
  await skipWithReason(test, `not applicable to ${targetVersion()}: ${what} comes with 8.0 (${endpointOf(entry)}, ${entry.change}, spec ${entry.specSection})`);
}

/** Labels of a check about one catalog endpoint. */
export function entryLabels(entry: CatalogEntry, feature: string, spec: string = entry.specSection): CheckLabels {
  return { module: 'media', feature, story: endpointOf(entry), spec };
}

/** The fixtures an entry's path needs, resolved for the target; a missing one skips the check with its reason. */
export async function pathFixtures(test: TestContext, context: SuiteContext, entry: CatalogEntry): Promise<RecipeInput> {
  const names: FixtureName[] = [];
  for (const param of pathParamNames(versionedPath(entry))) {
    const fixture = entry.pathParams[param];
    if (fixture && isFixtureName(fixture)) names.push(fixture);
  }
  return { version: context.target.version, fixtures: await fixtureValues(test, context, names) };
}

/** Fixture values by name; a missing one skips the check with its reason. */
export async function fixtureValues(test: TestContext, context: SuiteContext, names: readonly FixtureName[]): Promise<Record<string, string>> {
  const lookup = await context.fixtures.lookupAll(names);
  if ('missing' in lookup) return skipWithReason(test, lookup.missing);
  return lookup.values;
}

/** One fixture value; a missing one skips the check with its reason. */
export async function fixtureValue(test: TestContext, context: SuiteContext, name: FixtureName): Promise<string> {
  const lookup = await context.fixtures.lookup(name);
  if ('missing' in lookup) return skipWithReason(test, lookup.missing);
  return lookup.value;
}
