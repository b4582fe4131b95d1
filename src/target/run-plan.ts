/**
 * Which targets one run covers. Without BASE_URL the embedded simulator runs
 * both versions; with it, the configured target's version. The kill matrix
 * hands a plan of its own (every fault on the versions it applies to)
 * through UPGRADE_GUARD_PLAN.
 */
import { UpgradeGuardError } from '../errors.ts';
import { isPlatformVersion, platformVersions, type PlatformVersion } from '../profile/versions.ts';
import type { Config } from '../config/config.ts';

export interface RunTarget {
  /** The label of the run in reports (`embedded 8.0`). */
  readonly name: string;
  readonly version: PlatformVersion;
  /** Simulator faults to start the embedded target with (empty for a clean run and for real targets). */
  readonly faults: readonly string[];
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

export const PLAN_VARIABLE = 'UPGRADE_GUARD_PLAN';

export function defaultRunPlan(config: Config): RunTarget[] {
  if (config.remote) return [{ name: `target ${config.remote.version}`, version: config.remote.version, faults: [] }];
  return platformVersions.map((version) => ({ name: `embedded ${version}`, version, faults: [] }));
}

/** The plan handed through the environment, or the default for the configuration. */
export function resolveRunPlan(config: Config, env: Readonly<Record<string, string | undefined>> = process.env): RunTarget[] {
  const raw = env[PLAN_VARIABLE];
  if (!raw) return defaultRunPlan(config);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE} is not JSON`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE} must be a non-empty array`);
  return parsed.map((item: unknown, index) => toRunTarget(item, index));
}

function toRunTarget(item: unknown, index: number): RunTarget {
  if (typeof item !== 'object' || item === null) throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE}[${index}] must be an object`);
  const { name, version, faults } = item as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE}[${index}].name must be a string`);
  if (typeof version !== 'string' || !isPlatformVersion(version)) throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE}[${index}].version must be 7.4 or 8.0`);
  const faultList = faults ?? [];
  if (!Array.isArray(faultList) || !faultList.every((fault): fault is string => typeof fault === 'string')) {
    throw new UpgradeGuardError('USAGE', `${PLAN_VARIABLE}[${index}].faults must be an array of names`);
  }
  return { name, version, faults: faultList };
}
