/** What the template-builder checks share: their catalog entries, labels and JSON guards (spec §4.6, §7). */
import type { TestContext } from 'vitest';
import { entryById, existsIn, type CatalogEntry, type EntryIdOf } from '../../../src/catalog/index.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { isRecord } from '../../../src/http/json.ts';
export { isRecord };

export function templateBuilderEntry(id: EntryIdOf<'template-builder'>): CatalogEntry {
  return entryById(id);
}

export const renderersEntry = templateBuilderEntry('template-builder.template-renderers');
export const parametersDeleteEntry = templateBuilderEntry('template-builder.dynamic-service-parameters-delete');

/**
 * Checks of an endpoint §4.6 adds do not apply to a version without it (7.4,
 * where the lifecycle's absent-before-8.0 check probes it): a documented N/A skip.
 */
export async function skipUnlessServed(test: TestContext, entry: CatalogEntry, version: PlatformVersion): Promise<void> {
  if (!existsIn(entry, version)) await skipWithReason(test, `not applicable: ${entry.method} ${entry.path} is ${entry.change} in 8.0, not part of ${version} (spec ${entry.specSection})`);
}

export function entryLabels(entry: CatalogEntry, spec: string): CheckLabels {
  return { module: entry.module, feature: entry.change, story: `${entry.method} ${entry.path}`, spec };
}

