/**
 * What a client calling an endpoint should call instead, for every row a
 * client cannot keep as it is: removed, deprecated (spec §9.4: deprecated
 * endpoints are to be replaced) and breaking. The spec's replacement where
 * it names one (the catalog's `replacement`), else that it names none: a
 * reader must never wonder whether the cell was forgotten.
 *
 * The one place that decides the text, so another source of replacements
 * (the vendor's document of the target's version) is added here.
 */
import type { CatalogEntry, ChangeKind } from '../catalog/index.ts';

export const noneNamedBySpec = 'none named by the spec';

/** Changes after which a client must move off the endpoint or change how it calls it. */
const needsAction: readonly ChangeKind[] = ['removed', 'deprecated', 'breaking'];

export function needsReplacementText(entry: Pick<CatalogEntry, 'change' | 'alsoChanges'>): boolean {
  return [entry.change, ...(entry.alsoChanges ?? [])].some((kind) => needsAction.includes(kind));
}

/**
 * `GET /rest/mp/v1.2/…` (the spec's replacement), `none named by the spec` (with what the vendor's 8.0 document says,
 * when OPENAPI_DIR gave one: src/conformance/vendor-replacements.ts), or nothing for a row that needs none.
 */
export function useInsteadOf(entry: Pick<CatalogEntry, 'id' | 'change' | 'alsoChanges' | 'replacement'>, vendor?: ReadonlyMap<string, string>): string | undefined {
  if (entry.replacement) return `${entry.replacement.method} ${entry.replacement.path}`;
  if (!needsReplacementText(entry)) return undefined;
  const fromVendor = vendor?.get(entry.id);
  return fromVendor === undefined ? noneNamedBySpec : `${noneNamedBySpec}; ${fromVendor}`;
}
