/**
 * Read-only by default (DESIGN.md "Rules"): against a real target, an
 * interaction that sends POST, PUT, PATCH or DELETE is verified only with
 * ALLOW_MUTATIONS=true. The catalog decides what mutates: POST searches
 * carry their query in the body and are marked read-only there
 * (`mutating: false` with a reason); a method on a path the catalog does not
 * know is taken to mutate.
 */
import { findCatalogEntry } from './catalog-match.ts';

export const mutationGuardReason = 'it changes data on a real target: set ALLOW_MUTATIONS=true to verify it';

/** The status the request filter answers a blocked request with, so a verdict shows the guard and not the target. */
export const mutationGuardStatus = 599;

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutatingRequest(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  if (readMethods.has(upper)) return false;
  const match = findCatalogEntry(upper, path);
  // A replacement endpoint changes data exactly as much as the endpoint it replaces.
  return match?.entry.mutating ?? true;
}

/** Whether the guard stops this request against this target. */
export function blockedByMutationGuard(target: { readonly embedded: boolean; readonly allowMutations: boolean }, method: string, path: string): boolean {
  return !target.embedded && !target.allowMutations && isMutatingRequest(method, path);
}
