/**
 * What provider verification needs of a target: where it is, whether it is
 * ours to change, its FIXTURE_* ids, and the platform API as the full user
 * (state handlers discover ids with it; the request filter takes its tokens).
 * `openProviderTarget` builds one outside a vitest worker (the verification
 * child process), from target info with its sessions open, as
 * src/run-targets/context.ts does for the suites.
 */
import { PlatformApi, type TokenSource } from '../api/platform-api.ts';
import { TokenManager } from '../auth/token-manager.ts';
import { UpgradeGuardError } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { sessionTokenOptions } from '../run-targets/session-tokens.ts';
import { registerTargetSecrets, type TargetInfo } from '../run-targets/target-info.ts';

export interface ProviderTarget {
  readonly version: PlatformVersion;
  readonly baseUrl: string;
  /** The embedded simulator: mutations always allowed, seed ids known. */
  readonly embedded: boolean;
  readonly allowMutations: boolean;
  /** ALLOW_IRREVERSIBLE: interactions whose change the run cannot undo are verified too (with ALLOW_MUTATIONS). */
  readonly allowIrreversible?: boolean;
  /** FIXTURE_* variables, keyed by the name after the prefix (config.fixtures). */
  readonly fixtures: Readonly<Record<string, string>>;
  readonly api: PlatformApi;
  readonly tokens: TokenSource;
  /** EXTRA_HEADERS: the verifier's requests carry them as every module request does. */
  readonly extraHeaders?: Readonly<Record<string, string>>;
  readonly requestTimeoutMs: number;
  /** The registry of the target's client (`api`): what the verification reports is scrubbed with it. */
  readonly secrets: SecretRegistry;
}

export interface OpenProviderTarget {
  readonly target: ProviderTarget;
  close(): Promise<void>;
}

/** `info` must have its sessions open (src/run-targets/sessions.ts `openSessions`); `secrets` is the registry of the process root. */
export async function openProviderTarget(info: TargetInfo, secrets: SecretRegistry): Promise<OpenProviderTarget> {
  registerTargetSecrets(info, secrets);
  const session = info.sessions.full;
  if (!session) throw new UpgradeGuardError('LOGIN_FAILED', info.sessionErrors.full ?? 'the full user has no session');
  const http = new HttpClient({ timeoutMs: info.requestTimeoutMs, maxConcurrency: info.maxConcurrency, secrets });
  // The token endpoint has a client of its own: a refresh must not queue behind module requests a target holds (a
  // hang, a drip), or every replayed request would wait out the verifier's timeout for its token.
  const auth = new HttpClient({ timeoutMs: info.requestTimeoutMs, maxConcurrency: 1, secrets });
  const tokens = await TokenManager.fromStore(sessionTokenOptions(info, auth, session.storePath, secrets));
  return {
    target: providerTargetOf(info, new PlatformApi(http, info.baseUrl, tokens, info.pathVersions, info.extraHeaders), tokens, http.secrets),
    close: async () => {
      await Promise.all([http.close(), auth.close()]);
    },
  };
}

export function providerTargetOf(info: TargetInfo, api: PlatformApi, tokens: ProviderTarget['tokens'], secrets: SecretRegistry): ProviderTarget {
  return {
    version: info.version,
    baseUrl: info.baseUrl,
    embedded: info.embedded,
    allowMutations: info.allowMutations,
    ...(info.allowIrreversible !== undefined && { allowIrreversible: info.allowIrreversible }),
    fixtures: info.fixtures,
    api,
    tokens,
    ...(info.extraHeaders && { extraHeaders: info.extraHeaders }),
    requestTimeoutMs: info.requestTimeoutMs,
    secrets,
  };
}
