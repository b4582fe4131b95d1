/**
 * What the planning checks share (spec §2, §4.3): labels taken from the
 * catalog entry a check is about, whether the project's version shows that
 * entry's change, reading JSON bodies, and the planning paths. Shared
 * helpers of suites start with `_` (STYLE.md).
 */
import type { TestContext } from 'vitest';
import { entryById, expectedVerdict, type CatalogEntry, type CatalogEntryId, type EntryIdOf } from '../../../src/catalog/index.ts';
import type { FixtureName } from '../../../src/catalog/fixtures.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { targetVersion } from '../../../src/run-targets/current-target.ts';

export { planningPath } from '../../../src/api/modules/planning.ts';
export { suiteMarker } from '../../../src/fixtures/discovery-types.ts';
export { createdId, scratchName } from './_scratch.ts';

export function planningEntry(id: EntryIdOf<'planning'>): CatalogEntry {
  return entryById(id);
}

/** Labels of a check about one catalog entry: feature = its change kind, story = its endpoint. */
export function labelsFor(entryId: CatalogEntryId, spec: string): CheckLabels {
  const entry = entryById(entryId);
  return { module: 'planning', feature: entry.change, story: `${entry.method} ${entry.path}`, spec };
}

/** Whether the project's version shows the entry's change (its new endpoint or field). */
export function versionHasChange(entryId: CatalogEntryId): boolean {
  const verdict = expectedVerdict(entryById(entryId), targetVersion());
  return verdict !== 'unchanged' && verdict !== 'absent';
}

/** A check about an 8.0 change does not apply to a version without it: it skips, saying so. */
export async function requireChange(test: TestContext, entryId: CatalogEntryId, what: string): Promise<void> {
  if (versionHasChange(entryId)) return;
  const entry = entryById(entryId);
  await skipWithReason(test, `not applicable to ${targetVersion()}, which predates ${what} (${entry.method} ${entry.path}, ${entry.change} in 8.0, spec ${entry.specSection})`);
}

export type Json = Readonly<Record<string, unknown>>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of a JSON array, or of a page's `content`. */
export function items(value: unknown): Json[] {
  const list = isJson(value) ? value.content : value;
  return Array.isArray(list) ? list.filter(isJson) : [];
}

export function idOf(value: unknown): string | undefined {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)) ? String(value) : undefined;
}

/** RFC 9562 textual form, any version (spec §2 "Identifier pair": `uuid` is a UUID). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fixture of the target, or a skip with the reason it is missing. */
export async function fixtureOrSkip(test: TestContext, context: SuiteContext, name: FixtureName): Promise<string> {
  const lookup = await context.fixtures.lookup(name);
  return 'value' in lookup ? lookup.value : skipWithReason(test, lookup.missing);
}
