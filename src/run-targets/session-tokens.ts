/**
 * How a target's session keeps its tokens: the token manager's options for
 * the session's store, the same wherever a session is opened or reused (the
 * run's setup, a suite worker, the contract verification, `npm run impact`).
 * The chain is stamped with the endpoints and client it was issued to
 * (src/auth/chain-issuer.ts).
 */
import { endpointUrl } from '../auth/endpoints.ts';
import { tokenEndpoint } from '../auth/token-endpoint.ts';
import type { TokenManagerOptions } from '../auth/token-manager.ts';
import { TokenStore, tokenStoreTarget } from '../auth/token-store.ts';
import type { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { versionProfiles } from '../profile/versions.ts';
import type { TargetInfo } from './target-info.ts';

type SessionTarget = Pick<TargetInfo, 'version' | 'baseUrl' | 'authUrl' | 'authEndpoints' | 'client'>;

export function sessionTokenOptions(target: SessionTarget, client: HttpClient, storePath: string, secrets: SecretRegistry): TokenManagerOptions & { readonly store: TokenStore } {
  const profile = versionProfiles[target.version];
  return {
    client,
    tokenEndpoint: tokenEndpoint(profile, target),
    authorizationEndpoint: endpointUrl(profile, target, 'authorization'),
    clientId: target.client.clientId,
    clientSecret: target.client.clientSecret,
    store: new TokenStore(storePath, tokenStoreTarget(target.baseUrl, target.client.clientId), { secrets }),
  };
}
