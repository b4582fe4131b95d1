/**
 * The kill matrix's run plan: a clean embedded run of each version, and one
 * run per fault and version the fault claims. Project names carry both, so
 * results map back without guessing. A fault run whose fault the clean
 * contract verification never asks about leaves the Pact verifier out
 * (contract-trace.ts).
 */
import { faultCatalog, faultNames, quirkCatalog, quirkNames, type FaultName, type QuirkName } from '../../simulator/faults/index.ts';
import type { RunTarget } from '../../src/run-targets/run-plan.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';

export const cleanProject = (version: PlatformVersion): string => `clean ${version}`;
export const faultProject = (fault: FaultName, version: PlatformVersion): string => `fault ${fault} ${version}`;
export const quirkProject = (quirk: QuirkName, version: PlatformVersion): string => `quirk ${quirk} ${version}`;

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

export interface QuirkRun {
  readonly quirk: QuirkName;
  readonly version: PlatformVersion;
  readonly project: string;
}

/** One run per quirk (simulator/faults/quirks.ts) and version it applies to: every check must do there what it does clean. */
export function quirkRuns(only?: readonly QuirkName[]): QuirkRun[] {
  return (only ?? quirkNames).flatMap((quirk) => quirkCatalog[quirk].versions.map((version) => ({ quirk, version, project: quirkProject(quirk, version) })));
}

/**
 * `needsContracts` says whether a fault run verifies the contracts itself
 * (contract-trace.ts); without it, every run does.
 */
export function killMatrixPlan(only?: readonly FaultName[], needsContracts: (run: FaultRun) => boolean = () => true, onlyQuirks?: readonly QuirkName[]): RunTarget[] {
  const versions: PlatformVersion[] = ['7.4', '8.0'];
  return [
    ...versions.map((version) => ({ name: cleanProject(version), version, faults: [] })),
    ...faultRuns(only).map((run) => ({ name: run.project, version: run.version, faults: [run.fault], ...(!needsContracts(run) && { verifyContracts: false }) })),
    // A quirk run always verifies the contracts: a quirk is there to show that nothing, the verifier included, relies on more than the spec.
    ...quirkRuns(onlyQuirks).map((run) => ({ name: run.project, version: run.version, faults: [run.quirk] })),
  ];
}
