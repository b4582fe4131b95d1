/**
 * `verify --from 7.4 --to 8.0` and the comparison a plain `verify` runs
 * after the suites: opens a target of the `to` version (the embedded
 * platform when no BASE_URL is set, else the configured target, which must
 * be of that version), compares the `from` contracts against it, and hands
 * back the "Contract breaks" section.
 */
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { startEmbeddedTarget } from '../target/embedded.ts';
import { remoteTarget } from '../target/remote.ts';
import { openSessions } from '../target/sessions.ts';
import { compareContracts, type ContractBreaksSection } from './cross-version.ts';

export interface CrossVersionRequest {
  readonly from: PlatformVersion;
  readonly to: PlatformVersion;
  /** Simulator faults for the embedded target (tests, kill matrix). */
  readonly faults?: readonly string[];
}

export async function runCrossVersion(config: Config, request: CrossVersionRequest): Promise<ContractBreaksSection> {
  if (request.from === request.to) throw new UpgradeGuardError('USAGE', `--from and --to must name two versions (both are ${request.from})`);
  if (config.remote && config.remote.version !== request.to) {
    throw new UpgradeGuardError('USAGE', `--to ${request.to} needs a target of that version; TARGET_VERSION is ${config.remote.version}`);
  }
  const runTarget = { name: `contracts ${request.from} on ${request.to}`, version: request.to, faults: request.faults ?? [] };
  const resolved = config.remote ? remoteTarget(config, runTarget) : await startEmbeddedTarget(config, runTarget);
  try {
    return await compareContracts(await openSessions(resolved.target, (line) => process.stdout.write(`${line}\n`)), request.from);
  } finally {
    await resolved.close();
  }
}
