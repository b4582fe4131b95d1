/**
 * A provider target outside a vitest worker (the cross-version run of
 * `verify`, and tests): the target info with its sessions open, turned into
 * the API and tokens of the full user, as src/target/context.ts does for the
 * suites.
 */
import { PlatformApi } from '../api/platform-api.ts';
import { tokenEndpoint } from '../auth/token-endpoint.ts';
import { TokenManager } from '../auth/token-manager.ts';
import { TokenStore, tokenStoreTarget } from '../auth/token-store.ts';
import { UpgradeGuardError } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import { versionProfiles } from '../profile/versions.ts';
import { registerTargetSecrets } from '../target/sessions.ts';
import type { TargetInfo } from '../target/target-info.ts';
import type { ProviderTarget } from './provider-target.ts';

export interface OpenProviderTarget {
  readonly target: ProviderTarget;
  close(): Promise<void>;
}

/** `info` must have its sessions open (src/target/sessions.ts `openSessions`). */
export async function openProviderTarget(info: TargetInfo): Promise<OpenProviderTarget> {
  registerTargetSecrets(info);
  const session = info.sessions.full;
  if (!session) throw new UpgradeGuardError('LOGIN_FAILED', info.sessionErrors.full ?? 'the full user has no session');
  const http = new HttpClient({ timeoutMs: info.requestTimeoutMs, maxConcurrency: info.maxConcurrency });
  const tokens = await TokenManager.fromStore({
    client: http,
    tokenEndpoint: tokenEndpoint(versionProfiles[info.version], info.authUrl),
    clientId: info.client.clientId,
    clientSecret: info.client.clientSecret,
    store: new TokenStore(session.storePath, tokenStoreTarget(info.baseUrl, info.client.clientId)),
  });
  return {
    target: providerTargetOf(info, new PlatformApi(http, info.baseUrl, tokens, info.pathVersions), tokens),
    close: () => http.close(),
  };
}

export function providerTargetOf(info: TargetInfo, api: PlatformApi, tokens: ProviderTarget['tokens']): ProviderTarget {
  return {
    version: info.version,
    baseUrl: info.baseUrl,
    embedded: info.embedded,
    allowMutations: info.allowMutations,
    fixtures: info.fixtures,
    api,
    tokens,
    requestTimeoutMs: info.requestTimeoutMs,
  };
}
