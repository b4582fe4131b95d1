/**
 * Which cross-version comparison a run makes (the contract-breaks step,
 * docs/contracts.md): `--from` / `--to`, or by default the 7.4 contracts
 * against 8.0 when the run covers an 8.0 target. Light on purpose: verify
 * decides this before it loads the comparison itself (cross-version.ts).
 */
import { UpgradeGuardError } from '../errors.ts';
import { isPlatformVersion, type PlatformVersion } from '../profile/versions.ts';
import type { RunTarget } from '../run-targets/run-plan.ts';

export interface CrossVersionRequest {
  readonly from: PlatformVersion;
  readonly to: PlatformVersion;
  /** Simulator faults for the embedded target (tests, kill matrix). */
  readonly faults?: readonly string[];
}

/** `--from 7.4 --to 8.0`: both or neither, in the direction the spec documents. */
export function crossVersionFlags(from: string | undefined, to: string | undefined): CrossVersionRequest | undefined {
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined || to === undefined) throw new UpgradeGuardError('USAGE', '--from and --to go together (e.g. --from 7.4 --to 8.0)');
  if (!isPlatformVersion(from) || !isPlatformVersion(to)) throw new UpgradeGuardError('USAGE', '--from and --to must be 7.4 or 8.0');
  if (from === to) throw new UpgradeGuardError('USAGE', `--from and --to must differ (both are ${from})`);
  // The spec documents the changes from 7.4 to 8.0 (§4): the other way every change would read as an undocumented break.
  if (from !== '7.4') throw new UpgradeGuardError('USAGE', `--from ${from} --to ${to}: the spec documents the changes from 7.4 to 8.0 only; compare --from 7.4 --to 8.0`);
  return { from, to };
}

/** The run's contract-breaks step: 7.4 contracts against 8.0, when the run covers an 8.0 target. */
export function defaultCrossVersion(plan: readonly RunTarget[]): CrossVersionRequest | undefined {
  const to: PlatformVersion = '8.0';
  return plan.some((target) => target.version === to) ? { from: '7.4', to } : undefined;
}
