/**
 * What the contract verification's data-change guard answers (request-filter.ts): a status of its own for each
 * guard, so a verdict shows the guard and not the target, and the reason an interaction is skipped with.
 */

/** Read-only by default on a real target (DESIGN.md "Rules"). */
export const mutationGuardReason = 'it changes data on a real target: set ALLOW_MUTATIONS=true to verify it';

/** Read-only, and a change the run could not undo either: both opt-ins named at once. */
export function mutationAndIrreversibleGuardReason(why: string): string {
  return `it changes data on a real target that the run cannot undo (${why}): set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true to verify it`;
}

export const mutationGuardStatus = 599;

/** ALLOW_MUTATIONS alone promises that the run leaves the data as it found it: a change it cannot undo needs ALLOW_IRREVERSIBLE too. */
export function irreversibleGuardReason(why: string): string {
  return `it changes data the run cannot undo (${why}): set ALLOW_IRREVERSIBLE=true as well to verify it`;
}

export const irreversibleGuardStatus = 597;
