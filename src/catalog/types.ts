/**
 * The shape of one endpoint change of the spec (§4.2–§4.7). The catalog is
 * declarative data: suites iterate it, the migration report renders it, and
 * a test keeps it in step with the spec's tables (DESIGN.md "Catalog").
 */
import type { PlatformVersion } from '../profile/versions.ts';
import type { SchemaId } from '../schemas/ids.ts';
import type { FaultDeclarations } from './faults.ts';
import type { FixtureName } from './fixtures.ts';

export const catalogModules = ['job', 'planning', 'media', 'review', 'templateBuilder', 'shop'] as const;
export type CatalogModule = (typeof catalogModules)[number];

/** `templateBuilder` → `template-builder`, as a type. */
type Kebab<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : Name;

/** The first segment of a module's entry ids and check ids (`template-builder.template-boxes`). */
export type ModuleIdPrefix = Kebab<CatalogModule>;

/**
 * The shape of an entry id, `<module>.<name>`. The catalog's ids themselves
 * are a union of the literal ids (`CatalogEntryId`, src/catalog/index.ts).
 */
export type EntryIdShape = `${ModuleIdPrefix}.${string}`;

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * The kind of change the spec's Change column states. `breaking` is a change
 * an unchanged client cannot survive (spec §4.3 "breaking change"); `documented`
 * means only the vendor's documentation changed (spec §4.4).
 */
export const changeKinds = ['added', 'removed', 'deprecated', 'changed', 'breaking', 'documented'] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const specSections = ['§4.2', '§4.3', '§4.4', '§4.5', '§4.6', '§4.7'] as const;
export type SpecSection = (typeof specSections)[number];

/** A value per platform version; a missing version means "not stated" or "does not exist". */
export type PerVersion<T> = { readonly [V in PlatformVersion]?: T };

export interface EndpointRef {
  readonly method: HttpMethod;
  readonly path: string;
}

export interface SchemaRefs {
  readonly request?: PerVersion<SchemaId>;
  readonly response?: PerVersion<SchemaId>;
}

/** Field names, dotted for nested ones (`filters.vdbUuids`). */
export interface FieldNames {
  readonly request?: readonly string[];
  readonly response?: readonly string[];
}

/**
 * The fields of one entry as a module file declares it. `Id` is the entry's
 * own id as a literal type, so the catalog's ids form a union
 * (`CatalogEntryId`) and a mistyped id does not compile.
 */
interface EntryFields<Id extends EntryIdShape> {
  /** Stable kebab id, `<module>.<name>`, e.g. `job.assets-jobs`. */
  readonly id: Id;
  readonly module: CatalogModule;
  readonly method: HttpMethod;
  /** Path template as the spec row gives it, with the module prefix applied. */
  readonly path: string;
  /** The concrete value the suites put for `{version}`; present exactly when the path has one. */
  readonly versionSegment?: string;
  /**
   * The change that decides where the endpoint exists and what the suite
   * expects. Rows naming two kinds ("removed/deprecated", "deprecated and
   * changed") put the one that decides existence here and the other in `alsoChanges`.
   */
  readonly change: ChangeKind;
  readonly alsoChanges?: readonly ChangeKind[];
  /** The endpoint to move to (spec §9.4). */
  readonly replacement?: EndpointRef;
  /** Roles the spec requires, per version (spec §5.11–§5.13); absent where not shown. */
  readonly roles?: PerVersion<readonly string[]>;
  readonly schemas?: SchemaRefs;
  /** Query parameters new in 8.0. */
  readonly newParameters?: readonly string[];
  /** Body fields new in 8.0. */
  readonly newFields?: FieldNames;
  /** Body fields deprecated in 8.0 (still accepted). */
  readonly deprecatedFields?: FieldNames;
  /** Body fields removed in 8.0 (spec §2). */
  readonly removedFields?: FieldNames;
  /** Statuses the spec fixes for the endpoint (spec §4.6, §4.7, §7). */
  readonly statusCodes?: readonly number[];
  readonly specSection: SpecSection;
  readonly notes?: string;
  /**
   * Whether a call may change data on the target. True for every method but
   * GET, except POST searches, which carry the query in the body and say why
   * in `readOnlyReason`.
   */
  readonly mutating: boolean;
  readonly readOnlyReason?: string;
  /** The fixture each `{param}` of the path takes (`{version}` excepted). */
  readonly pathParams: Readonly<Record<string, FixtureName>>;
}

/**
 * The simulator faults that kill the lifecycle checks generated from an entry
 * (`suites/modules/_lifecycle.ts`), one declaration per check, named after the
 * check's last id segment. Which ones an entry declares follows from its change,
 * so a missing declaration does not compile:
 * - `served` (`<id>.served`): every entry, on each version where it exists;
 * - `gone` (`<id>.gone`): removed entries, on 8.0 (404 or 405);
 * - `absentBefore8` (`<id>.absent-before-8.0`): added entries, on 7.4; an endpoint
 *   already served there is an observation, so these declare `observedBy`;
 * - `replacementServed` (`<id>.replacement-served`): deprecated entries with a
 *   replacement (spec §9.4), on 8.0.
 * A `fault@7.4` / `fault@8.0` ref applies on that version only.
 */
export interface ServedFaults {
  readonly served: FaultDeclarations;
}
export interface AddedFaults extends ServedFaults {
  readonly absentBefore8: FaultDeclarations;
}
export interface RemovedFaults extends ServedFaults {
  readonly gone: FaultDeclarations;
}
export interface ReplacedFaults extends ServedFaults {
  readonly replacementServed: FaultDeclarations;
}

/** One endpoint change; its `change` decides which lifecycle checks it has, and so which `faults` it declares. */
export type EndpointChange<Id extends EntryIdShape = EntryIdShape> = EntryFields<Id> &
  (
    | { readonly change: 'added'; readonly faults: AddedFaults }
    | { readonly change: 'removed'; readonly faults: RemovedFaults }
    | { readonly change: 'deprecated'; readonly replacement: EndpointRef; readonly faults: ReplacedFaults }
    | { readonly change: 'deprecated'; readonly replacement?: undefined; readonly faults: ServedFaults }
    | { readonly change: 'changed' | 'breaking' | 'documented'; readonly faults: ServedFaults }
  );

/** The last id segment of each lifecycle check, by its declaration's key in `faults`. */
export const lifecycleAspects = {
  served: 'served',
  gone: 'gone',
  absentBefore8: 'absent-before-8.0',
  replacementServed: 'replacement-served',
} as const;
export type LifecycleAspect = (typeof lifecycleAspects)[keyof typeof lifecycleAspects];

/** Declares a module's entries, keeping each id as a literal type (see EntryFields). */
export function endpointChanges<const Id extends EntryIdShape>(entries: readonly EndpointChange<Id>[]): readonly EndpointChange<Id>[] {
  return entries;
}

/**
 * What a target of one version should show for an entry:
 * - `absent`: the endpoint does not exist (added, on 7.4; removed, on 8.0);
 * - `unchanged`: it exists as before (everything on 7.4, the baseline; documented-only changes on 8.0);
 * - `new`: it exists and is new (added, on 8.0);
 * - `deprecated`, `changed`, `breaking`: it exists on 8.0 with that change.
 */
export type ExpectedVerdict = 'absent' | 'unchanged' | 'new' | 'deprecated' | 'changed' | 'breaking';
