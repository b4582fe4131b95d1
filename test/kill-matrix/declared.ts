/**
 * The kill matrix's expectations, read from the checks themselves: each
 * check declares the faults that kill it (`killedBy`) or turn it into an
 * observation (`observedBy`) where it is defined, `check()` records them in
 * the test's meta, and the clean runs carry them into the results. A fault
 * run of a version then expects exactly the checks that passed on the clean
 * run of that version and declare the fault (plainly or as `fault@version`).
 */
import type { FaultName } from '../../simulator/faults/index.ts';
import { namesFault } from '../../src/catalog/faults.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import type { CheckResult, RunResults } from '../../src/runner/results.ts';
import { cleanProject } from './plan.ts';

export type Declaration = 'killedBy' | 'observedBy';

/** The checks of the clean run of `version` that passed and declare `fault` under `declaration`, sorted by id. */
export function declaredChecks(results: RunResults, declaration: Declaration, fault: FaultName, version: PlatformVersion): string[] {
  return cleanChecks(results, version)
    .filter((check) => check.state === 'passed' && namesFault(check[declaration], fault, version))
    .map((check) => check.id)
    .sort();
}

/** Every fault some check of a clean run declares, in `killedBy` or `observedBy`. */
export function declaredFaults(results: RunResults): Set<string> {
  const checks = (['7.4', '8.0'] as const).flatMap((version) => cleanChecks(results, version));
  return new Set(checks.flatMap((check) => [...(check.killedBy ?? []), ...(check.observedBy ?? [])]).map((ref) => ref.replace(/@(7\.4|8\.0)$/, '')));
}

function cleanChecks(results: RunResults, version: PlatformVersion): CheckResult[] {
  return results.checks.filter((check) => check.project === cleanProject(version));
}
