/**
 * The endpoint-change catalog: one entry per endpoint row of spec §4.2–§4.7,
 * frozen. Suites iterate it (`it.each(entriesFor('media'))`) and ask the
 * helpers below what a target of a given version should show, instead of
 * branching on the version string (DESIGN.md "Catalog", "Version profile").
 */
import type { PlatformVersion } from '../profile/versions.ts';
import { jobEntries } from './job.ts';
import { mediaEntries } from './media.ts';
import { planningEntries } from './planning.ts';
import { reviewEntries } from './review.ts';
import { shopEntries } from './shop.ts';
import { templateBuilderEntries } from './template-builder.ts';
import type { CatalogEntry, CatalogModule, ChangeKind, ExpectedVerdict } from './types.ts';

export type * from './types.ts';
export { catalogModules, changeKinds, httpMethods, lifecycleAspects, specSections } from './types.ts';
export { moduleIdPrefix, modulePrefixes, moduleSections } from './modules.ts';

export const catalog: readonly CatalogEntry[] = deepFreeze([
  ...jobEntries,
  ...planningEntries,
  ...mediaEntries,
  ...reviewEntries,
  ...templateBuilderEntries,
  ...shopEntries,
]);

export function entriesFor(module: CatalogModule): readonly CatalogEntry[] {
  return catalog.filter((entry) => entry.module === module);
}

export function entryById(id: string): CatalogEntry | undefined {
  return catalog.find((entry) => entry.id === id);
}

/** Added endpoints exist only in 8.0, removed ones only in 7.4, all others in both. */
export function existsIn(entry: CatalogEntry, version: PlatformVersion): boolean {
  return expectedVerdict(entry, version) !== 'absent';
}

/**
 * What a target of each version should show, per change kind. 7.4 is the
 * baseline: everything but an added endpoint is there as it always was.
 */
const verdicts = {
  added: { '7.4': 'absent', '8.0': 'new' },
  removed: { '7.4': 'unchanged', '8.0': 'absent' },
  deprecated: { '7.4': 'unchanged', '8.0': 'deprecated' },
  changed: { '7.4': 'unchanged', '8.0': 'changed' },
  breaking: { '7.4': 'unchanged', '8.0': 'breaking' },
  documented: { '7.4': 'unchanged', '8.0': 'unchanged' },
} as const satisfies Record<ChangeKind, Record<PlatformVersion, ExpectedVerdict>>;

/** What a target of `version` should show for the entry (see ExpectedVerdict). */
export function expectedVerdict(entry: CatalogEntry, version: PlatformVersion): ExpectedVerdict {
  return verdicts[entry.change][version];
}

/** The path with `{version}` replaced by the entry's version segment; other params stay. */
export function versionedPath(entry: CatalogEntry): string {
  return entry.versionSegment === undefined ? entry.path : entry.path.replace('{version}', entry.versionSegment);
}

/** The `{param}` names of a path template, `{version}` included. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
