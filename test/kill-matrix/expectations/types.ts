import type { FaultName } from '../../../simulator/faults/index.ts';

/**
 * For each simulator fault, the ids of the suite checks it must make fail.
 * Every other check must still pass under that fault (its versions only).
 * An id ending in `@7.4` or `@8.0` applies to that version only.
 */
export type KillExpectations = Readonly<Partial<Record<FaultName, readonly string[]>>>;

/**
 * For faults a check reports rather than fails (an 8.0-only endpoint already
 * served by a 7.4 instance is an observation: patch levels differ), the ids
 * of the checks that must turn into a skip with its reason, usually
 * "observation: …", or the reason the fault took the check's premise away.
 */
export type ObservationExpectations = Readonly<Partial<Record<FaultName, readonly string[]>>>;

/** The ids of a list that apply to a version: plain ones, and `id@version` ones of that version. */
export function forVersion(ids: readonly string[], version: string): string[] {
  return ids.flatMap((id) => {
    const at = id.lastIndexOf('@');
    if (at < 0) return [id];
    return id.slice(at + 1) === version ? [id.slice(0, at)] : [];
  });
}
