/**
 * The kill matrix's run plan: a clean embedded run of each version, and one
 * run per fault and version the fault claims. Project names carry both, so
 * results map back without guessing.
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

export function killMatrixPlan(only?: readonly FaultName[]): RunTarget[] {
  const versions: PlatformVersion[] = ['7.4', '8.0'];
  return [
    ...versions.map((version) => ({ name: cleanProject(version), version, faults: [] })),
    ...faultRuns(only).map((run) => ({ name: run.project, version: run.version, faults: [run.fault] })),
  ];
}
