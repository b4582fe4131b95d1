/**
 * Which targets one run covers. Without BASE_URL the embedded simulator runs
 * both versions; with it, the configured target's version. The kill matrix
 * passes a plan of its own (every fault on the versions it applies to) as a
 * value.
 */
import { platformVersions, type PlatformVersion } from '../profile/versions.ts';
import type { Config } from '../config/config.ts';
import type { DeprecationHeaderMode } from '../../simulator/http/deprecation-notices.ts';
import type { RemovedEndpointMode } from '../../simulator/http/removed-endpoints.ts';

export interface RunTarget {
  /** The label of the run in reports (`embedded 8.0`). */
  readonly name: string;
  readonly version: PlatformVersion;
  /** Simulator faults to start the embedded target with (empty for a clean run and for real targets). */
  readonly faults: readonly string[];
  /** The embedded platform's Deprecation / Sunset headers option (`npm run sim -- --deprecation-headers`); none when absent. */
  readonly deprecationHeaders?: DeprecationHeaderMode;
  /** How the embedded 8.0 platform answers removed endpoints (`npm run sim -- --removed-endpoints`); 404/405 when absent. */
  readonly removedEndpoints?: RemovedEndpointMode;
  /**
   * Only these suite files (paths from the project root) run against this
   * target; every file when absent. Only the kill matrix sets it, for a fault
   * run: a file whose clean run never asks the simulator about the fault
   * sees exactly what it sees on the clean target (test/kill-matrix/suite-trace.ts).
   */
  readonly files?: readonly string[];
}

/**
 * One vitest project holds every target of the run, of both versions: vitest
 * keeps a worker for the files of one project only, so a project per version
 * would start every worker twice, and the two versions' files could
 * not share a worker. What differs by version is decided per target
 * (`targetVersion()`, src/run-targets/current-target.ts). The kill matrix
 * puts every fault into the same project, so the suites load once.
 */
export interface RunProject {
  readonly name: string;
  readonly targets: readonly RunTarget[];
}

/** The contract suite: the run's setup runs the Pact verifier for the targets that run it. */
export const contractsSuiteFile = 'suites/contracts/contracts.test.ts';

/** Whether `file` (a path from the project root, or an absolute path below it) runs against the target. */
export function runsFile(runTarget: Pick<RunTarget, 'files'> | undefined, file: string): boolean {
  const only = runTarget?.files;
  return !only || only.some((listed) => file === listed || file.endsWith(`/${listed}`));
}

const embeddedPrefix = 'embedded ';

export function defaultRunPlan(config: Config): RunTarget[] {
  if (config.remote) return [{ name: `target ${config.remote.version}`, version: config.remote.version, faults: [] }];
  return platformVersions.map((version) => ({ name: `${embeddedPrefix}${version}`, version, faults: [] }));
}

/** Whether a run target of verify's plan is the embedded platform simulator. */
export function isEmbeddedTargetName(name: string): boolean {
  return name.startsWith(embeddedPrefix);
}
