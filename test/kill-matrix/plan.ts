/**
 * The kill matrix's run plan: a clean embedded run of each version, and one
 * run per fault (and quirk) and version it claims. Project names carry both,
 * so results map back without guessing. A fault run runs only the suite
 * files the traces show its fault can reach (suite-trace.ts).
 */
import { faultCatalog, faultNames, quirkCatalog, quirkNames, type DeviationName, type FaultName, type QuirkName } from '../../simulator/faults/index.ts';
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

/** The suite files a run of the deviation on the version must run; undefined: every file. */
export type FilesReached = (deviation: DeviationName, version: PlatformVersion) => readonly string[] | undefined;

export function killMatrixPlan(only?: readonly FaultName[], filesReached: FilesReached = () => undefined, onlyQuirks?: readonly QuirkName[]): RunTarget[] {
  const versions: PlatformVersion[] = ['7.4', '8.0'];
  const withFiles = (files: readonly string[] | undefined) => (files ? { files } : {});
  return [
    ...versions.map((version) => ({ name: cleanProject(version), version, faults: [] })),
    ...faultRuns(only).map((run) => ({ name: run.project, version: run.version, faults: [run.fault], ...withFiles(filesReached(run.fault, run.version)) })),
    ...quirkRuns(onlyQuirks).map((run) => ({ name: run.project, version: run.version, faults: [run.quirk], ...withFiles(filesReached(run.quirk, run.version)) })),
  ];
}
