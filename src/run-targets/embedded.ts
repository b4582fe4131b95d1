/**
 * The embedded target: the simulator, started in-process on free loopback
 * ports with fresh secrets. Two instances per version: the main one with the
 * vendor's one-hour tokens, and a one-second one for the expiry check
 * (see TargetInfo.shortLived).
 */
import { join } from 'node:path';
import { createPlatform, TrafficMeter, type Platform, type TrafficStats } from '../../simulator/platform.ts';
import { isDeviationName, type DeviationName, type FaultConsulted } from '../../simulator/faults/index.ts';
import { UpgradeGuardError } from '../errors.ts';
import { removeTemporaryFolder, temporaryFolder } from '../files/temporary-folder.ts';
import type { Config } from '../config/config.ts';
import type { RunTarget } from './run-plan.ts';
import { settingsFromConfig, type TargetInfo } from './target-info.ts';

export interface ResolvedTarget {
  readonly target: TargetInfo;
  readonly close: () => Promise<void>;
  /** With `verify --latency-ms`: what the embedded target's instances served, counted as one target. */
  readonly traffic?: () => TrafficStats;
}

const SHORT_TOKEN_TTL_SECONDS = 1;

export interface EmbeddedOptions {
  /** Told whenever either instance asks whether a fault is on (the kill matrix's contract trace). */
  readonly onFaultConsulted?: FaultConsulted;
}

export async function startEmbeddedTarget(config: Config, runTarget: RunTarget, options: EmbeddedOptions = {}): Promise<ResolvedTarget> {
  const faults = runTarget.faults.map(toFaultName);
  const notices = {
    ...(runTarget.deprecationHeaders !== undefined && { deprecationHeaders: runTarget.deprecationHeaders }),
    ...(runTarget.removedEndpoints !== undefined && { removedEndpoints: runTarget.removedEndpoints }),
  };
  // One meter for both instances: the peak in flight is the target's, whichever instance a request went to.
  const traffic = config.addedLatencyMs === undefined ? undefined : new TrafficMeter(config.addedLatencyMs);
  const metered = traffic && { traffic };
  const observer = options.onFaultConsulted && { onFaultConsulted: options.onFaultConsulted };
  const main = createPlatform({ version: runTarget.version, faults, ...notices, ...metered, ...observer });
  const shortLived = createPlatform({ version: runTarget.version, faults, tokenTtlSeconds: SHORT_TOKEN_TTL_SECONDS, ...notices, ...metered, ...observer });
  const started: Platform[] = [];
  // The sessions' token stores: a run stopped before its targets are up ends without closing them, and the folder goes
  // with the process.
  const stateDir = temporaryFolder('upgrade-guard-');
  const close = async (): Promise<void> => {
    await Promise.all(started.map((platform) => platform.close()));
    await removeTemporaryFolder(stateDir);
  };
  try {
    const mainUrls = await main.listen(0);
    started.push(main);
    const shortUrls = await shortLived.listen(0);
    started.push(shortLived);
    const { credentials } = main;
    const target: TargetInfo = {
      project: runTarget.name,
      version: runTarget.version,
      embedded: true,
      faults,
      baseUrl: mainUrls.baseUrl,
      authUrl: mainUrls.authUrl,
      client: { clientId: credentials.clientId, clientSecret: credentials.clientSecret, redirectUri: credentials.redirectUri },
      shortLived: {
        baseUrl: shortUrls.baseUrl,
        authUrl: shortUrls.authUrl,
        client: {
          clientId: shortLived.credentials.clientId,
          clientSecret: shortLived.credentials.clientSecret,
          redirectUri: shortLived.credentials.redirectUri,
        },
        user: shortLived.credentials.users.full,
      },
      fullUser: credentials.users.full,
      limitedUser: credentials.users.limited,
      sessions: {
        full: { storePath: join(stateDir, 'session-full.json'), warnings: [] },
        limited: { storePath: join(stateDir, 'session-limited.json'), warnings: [] },
      },
      sessionErrors: {},
      // The embedded platform is ours to change: mutating checks always run against it.
      allowMutations: true,
      expiryMaxWaitSeconds: Math.max(config.expiryMaxWaitSeconds, SHORT_TOKEN_TTL_SECONDS + 1),
      ...settingsFromConfig(config),
    };
    return { target, close, ...(traffic && { traffic: () => traffic.stats() }) };
  } catch (error) {
    await close();
    throw error;
  }
}

function toFaultName(name: string): DeviationName {
  if (!isDeviationName(name)) throw new UpgradeGuardError('USAGE', `unknown simulator fault "${name}"`);
  return name;
}
