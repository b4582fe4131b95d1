/**
 * What kills a check: the simulator faults (`simulator/faults/`) under which
 * it must fail, and those under which it must turn into an `observation:`
 * skip. Every check declares them where it is defined (its `check()` call,
 * its catalog entry, its consumer interaction, its table row), so a reader
 * goes from a check to its faults in one hop, and a fault's references list
 * its checks. The kill matrix reads the declarations off the clean runs.
 *
 * The import is type-only: the simulator stays an independent implementation
 * and imports nothing from the harness, the suites or the catalog.
 */
import type { FaultName } from '../../simulator/faults/index.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { PlatformVersion } from '../profile/versions.ts';

/** A fault, or a fault that concerns the check on one version only (`login-challenge-skipped@7.4`). */
export type FaultRef = FaultName | `${FaultName}@${PlatformVersion}`;

export interface FaultDeclarations {
  /** Faults under which the check must fail (and every other check pass). */
  readonly killedBy: readonly FaultRef[];
  /**
   * Faults under which the check must turn into a skip with its reason, usually
   * `observation: …` (an 8.0-only endpoint already served by a 7.4 instance:
   * patch levels differ), or the reason the fault took the check's premise away.
   */
  readonly observedBy?: readonly FaultRef[];
}

/** Whether a declaration list names `fault` on `version`: plainly, or as `fault@version`. */
export function namesFault(refs: readonly FaultRef[] | undefined, fault: FaultName, version: PlatformVersion): boolean {
  return (refs ?? []).some((ref) => ref === fault || ref === `${fault}@${version}`);
}

/**
 * The declarations of a table row that generates a check (a field change, a
 * role requirement), where the table's type cannot require them because not
 * every row generates one: a row that does and declares none stops the suite
 * file at collection, naming the row.
 */
export function declaredFaults(row: string, faults: FaultDeclarations | undefined): FaultDeclarations {
  if (!faults) throw new UpgradeGuardError('INTERNAL', `${row} generates a check but declares no faults (killedBy)`);
  return faults;
}
