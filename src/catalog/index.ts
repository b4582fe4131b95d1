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
import type { CatalogModule, ChangeKind, EndpointChange, ExpectedVerdict, LifecycleAspect } from './types.ts';

export type * from './types.ts';
export { catalogModules, changeKinds, httpMethods, lifecycleAspects, specSections } from './types.ts';
export { moduleIdPrefix, modulePrefixes, moduleSections } from './modules.ts';

const entries = [...jobEntries, ...planningEntries, ...mediaEntries, ...reviewEntries, ...templateBuilderEntries, ...shopEntries];

/** Every entry id of the catalog, as a union type: `entryById('job.typo')` does not compile. */
export type CatalogEntryId = (typeof entries)[number]['id'];

/** The entry ids of one module, by its id prefix: `EntryIdOf<'job'>`, `EntryIdOf<'template-builder'>`. */
export type EntryIdOf<Prefix extends string> = Extract<CatalogEntryId, `${Prefix}.${string}`>;

export type CatalogEntry = EndpointChange<CatalogEntryId>;

/** A generated lifecycle check's id: `job.grid-rows-delete.gone`. */
export type LifecycleCheckId = `${CatalogEntryId}.${LifecycleAspect}`;

export const catalog: readonly CatalogEntry[] = deepFreeze(entries);

const byId: ReadonlyMap<string, CatalogEntry> = new Map(catalog.map((entry) => [entry.id, entry]));

export function entriesFor(module: CatalogModule): readonly CatalogEntry[] {
  return catalog.filter((entry) => entry.module === module);
}

export function entryById(id: CatalogEntryId): CatalogEntry {
  const entry = byId.get(id);
  // Unreachable while the id is typed; a cast or a JSON value could still bring one the catalog lacks.
  if (!entry) throw new Error(`no catalog entry ${id}`);
  return entry;
}

/** For ids read at run time (pact files, test tables). */
export function isCatalogEntryId(value: string): value is CatalogEntryId {
  return byId.has(value);
}

export interface CatalogMatch {
  readonly entry: CatalogEntry;
  /** The request hit the entry's replacement, not the entry. */
  readonly replacement: boolean;
}

/**
 * The entry a concrete request hits: same method, and a path that fits the
 * entry's template (`{param}` standing for one segment), or the template of
 * the endpoint that replaces it (spec §9.4).
 */
export function findCatalogEntry(method: string, path: string): CatalogMatch | undefined {
  const upper = method.toUpperCase();
  const bare = path.split('?')[0] ?? path;
  for (const entry of catalog) {
    if (entry.method === upper && templatePattern(entry.path).test(bare)) return { entry, replacement: false };
  }
  for (const entry of catalog) {
    const replacement = entry.replacement;
    if (replacement && replacement.method === upper && templatePattern(replacement.path).test(bare)) return { entry, replacement: true };
  }
  return undefined;
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

const patterns = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
