/**
 * The kill matrix's run plan: a clean embedded run of each version, and one
 * run per fault and version the fault claims. Project names carry both, so
 * results map back without guessing. A fault run whose fault the clean
 * contract verification never asks about leaves the Pact verifier out
 * (contract-trace.ts).
 */
import { faultCatalog, faultNames, type FaultName } from '../../simulator/faults/index.ts';
import type { RunTarget } from '../../src/run-targets/run-plan.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';

export const cleanProject = (version: PlatformVersion): string => `clean ${version}`;
export const faultProject = (fault: FaultName, version: PlatformVersion): string => `fault ${fault} ${version}`;

export interface FaultRun {
  readonly fault: FaultName;
  readonly version: PlatformVersion;
  readonly project: string;
}

export function faultRuns(only?: readonly FaultName[]): FaultRun[] {
  return (only ?? faultNames).flatMap((fault) =>
    faultCatalog[fault].versions.map((version) => ({ fault, version, project: faultProject(fault, version) })),
  );
}

/**
 * `needsContracts` says whether a fault run verifies the contracts itself
 * (contract-trace.ts); without it, every run does.
 */
export function killMatrixPlan(only?: readonly FaultName[], needsContracts: (run: FaultRun) => boolean = () => true): RunTarget[] {
  const versions: PlatformVersion[] = ['7.4', '8.0'];
  return [
    ...versions.map((version) => ({ name: cleanProject(version), version, faults: [] })),
    ...faultRuns(only).map((run) => ({ name: run.project, version: run.version, faults: [run.fault], ...(!needsContracts(run) && { verifyContracts: false }) })),
  ];
}
