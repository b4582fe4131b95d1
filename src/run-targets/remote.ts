/**
 * A real target from the configuration (BASE_URL set). Sessions keep their
 * tokens in the configured store, so the refresh-token chain survives
 * between nightly runs (DESIGN.md "Who uses it").
 */
import { join, parse } from 'node:path';
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { ResolvedTarget } from './embedded.ts';
import type { RunTarget } from './run-plan.ts';
import { settingsFromConfig } from './target-info.ts';

export function remoteTarget(config: Config, runTarget: RunTarget): ResolvedTarget {
  const remote = config.remote;
  if (!remote) throw new UpgradeGuardError('INTERNAL', 'remoteTarget called without a remote configuration');
  if (runTarget.faults.length > 0) throw new UpgradeGuardError('USAGE', 'simulator faults apply to the embedded platform only; unset BASE_URL');
  return {
    target: {
      project: runTarget.name,
      version: remote.version,
      embedded: false,
      faults: [],
      baseUrl: remote.baseUrl,
      authUrl: remote.authUrl,
      client: { clientId: remote.clientId, clientSecret: remote.clientSecret, redirectUri: remote.redirectUri },
      ...(remote.fullUser && { fullUser: remote.fullUser }),
      ...(remote.limitedUser && { limitedUser: remote.limitedUser }),
      sessions: {
        full: { storePath: config.tokenStorePath, warnings: [] },
        ...(remote.limitedUser && { limited: { storePath: limitedTokenStorePath(config.tokenStorePath), warnings: [] } }),
      },
      sessionErrors: {},
      allowMutations: config.allowMutations,
      allowIrreversible: config.allowIrreversible,
      expiryMaxWaitSeconds: config.expiryMaxWaitSeconds,
      ...settingsFromConfig(config),
    },
    close: async () => {},
  };
}

/**
 * The limited user's chain lives next to TOKEN_STORE and is named after it (`tokens.json` →
 * `tokens.limited.json`), so two targets whose stores share a folder keep apart.
 */
export function limitedTokenStorePath(tokenStorePath: string): string {
  const { dir, name, ext } = parse(tokenStorePath);
  return join(dir, `${name}.limited${ext}`);
}
