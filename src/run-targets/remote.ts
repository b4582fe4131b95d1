/**
 * A real target from the configuration (BASE_URL set). Sessions keep their
 * tokens in the configured store, so the refresh-token chain survives
 * between nightly runs (DESIGN.md "Who uses it").
 */
import { join, parse } from 'node:path';
import type { Config, RemoteTarget } from '../config/config.ts';
import type { EndpointOverrides } from '../auth/endpoints.ts';
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
      authEndpoints: endpointOverrides(remote),
      extraHeaders: remote.extraHeaders,
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

/** AUTHORIZATION_ENDPOINT and TOKEN_ENDPOINT each win over what AUTH_DISCOVERY read; neither: the spec's paths. */
export function endpointOverrides(remote: RemoteTarget): EndpointOverrides {
  const { authEndpointSettings: settings, discovered } = remote;
  if (settings.discovery && !discovered) throw new UpgradeGuardError('INTERNAL', 'AUTH_DISCOVERY is set but the preflight did not read the issuer metadata');
  const metadata = discovered && `the issuer metadata at ${discovered.metadataUrl}`;
  const pick = (setting: string | undefined, variable: string, found: string | undefined) =>
    setting !== undefined ? { url: setting, from: variable } : found !== undefined && metadata ? { url: found, from: metadata } : undefined;
  const authorization = pick(settings.authorization, 'AUTHORIZATION_ENDPOINT', discovered?.authorization);
  const token = pick(settings.token, 'TOKEN_ENDPOINT', discovered?.token);
  return Object.freeze({ ...(authorization && { authorization }), ...(token && { token }) });
}

/**
 * The limited user's chain lives next to TOKEN_STORE and is named after it (`tokens.json` →
 * `tokens.limited.json`), so two targets whose stores share a folder keep apart.
 */
export function limitedTokenStorePath(tokenStorePath: string): string {
  const { dir, name, ext } = parse(tokenStorePath);
  return join(dir, `${name}.limited${ext}`);
}
