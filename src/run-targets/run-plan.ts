/**
 * Which targets one run covers. Without BASE_URL the embedded simulator runs
 * both versions; with it, the configured target's version. The kill matrix
 * passes a plan of its own (every fault on the versions it applies to) as a
 * value.
 */
import { platformVersions, type PlatformVersion } from '../profile/versions.ts';
import type { Config } from '../config/config.ts';
import type { DeprecationHeaderMode } from '../../simulator/http/deprecation-notices.ts';

export interface RunTarget {
  /** The label of the run in reports (`embedded 8.0`). */
  readonly name: string;
  readonly version: PlatformVersion;
  /** Simulator faults to start the embedded target with (empty for a clean run and for real targets). */
  readonly faults: readonly string[];
  /** The embedded platform's Deprecation / Sunset headers option (`npm run sim -- --deprecation-headers`); none when absent. */
  readonly deprecationHeaders?: DeprecationHeaderMode;
  /**
   * `false`: the contract suite does not run the Pact verifier against this
   * target. Only the kill matrix sets it, for a fault run whose fault the
   * clean contract verification never asks about (test/kill-matrix/contract-trace.ts):
   * the verifier would see exactly what it sees on the clean target.
   */
  readonly verifyContracts?: boolean;
}

/**
 * One vitest project: the run targets of one version. verify has one target
 * per project; the kill matrix puts every fault of a version into one
 * project, so the suites are loaded once per version, not once per fault.
 */
export interface RunProject {
  readonly name: string;
  readonly version: PlatformVersion;
  readonly targets: readonly RunTarget[];
}

export function groupIntoProjects(targets: readonly RunTarget[]): RunProject[] {
  return platformVersions.flatMap((version) => {
    const ofVersion = targets.filter((target) => target.version === version);
    if (ofVersion.length === 0) return [];
    const name = ofVersion.length === 1 && ofVersion[0] ? ofVersion[0].name : `${version} (${ofVersion.length} targets)`;
    return [{ name, version, targets: ofVersion }];
  });
}

export function defaultRunPlan(config: Config): RunTarget[] {
  if (config.remote) return [{ name: `target ${config.remote.version}`, version: config.remote.version, faults: [] }];
  return platformVersions.map((version) => ({ name: `embedded ${version}`, version, faults: [] }));
}
