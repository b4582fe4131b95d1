/**
 * A worker's view of its project's target: the target info from the run's
 * setup (src/runner/run-setup.ts) with its sessions open, the version
 * profile, one HTTP client, and the platform API as the full and the
 * limited user, their tokens read from the shared stores.
 * Cached per project, so it holds whether vitest isolates files or not.
 */
import { PlatformApi } from '../api/platform-api.ts';
import { tokenEndpoint } from '../auth/token-endpoint.ts';
import { TokenManager } from '../auth/token-manager.ts';
import { FixtureResolver } from '../fixtures/resolver.ts';
import { HttpClient } from '../http/client.ts';
import { versionProfiles, type VersionProfile } from '../profile/versions.ts';
import { sessionTokenOptions } from './session-tokens.ts';
import { currentTarget, targetSecrets } from './current-target.ts';
import type { SessionInfo, TargetInfo } from './target-info.ts';

export interface SuiteContext {
  readonly target: TargetInfo;
  readonly profile: VersionProfile;
  readonly http: HttpClient;
  /** `{auth_url}` + the token path (spec §4.1), or the instance's own (src/auth/endpoints.ts). */
  readonly tokenEndpoint: string;
  /** The module APIs as the full user. */
  readonly api: PlatformApi;
  readonly tokens: TokenManager;
  /** Fixture ids of this target: FIXTURE_* variables, else discovered from listings. */
  readonly fixtures: FixtureResolver;
  /** The module APIs as the limited user, or why there is none (checks skip with that reason). */
  readonly limited: { readonly api: PlatformApi; readonly tokens: TokenManager } | { readonly unavailable: string };
}

const contexts = new Map<string, Promise<SuiteContext>>();

export function suiteContext(): Promise<SuiteContext> {
  const target = currentTarget();
  let context = contexts.get(target.project);
  if (!context) {
    context = createContext(target);
    contexts.set(target.project, context);
  }
  return context;
}

async function createContext(target: TargetInfo): Promise<SuiteContext> {
  const profile = versionProfiles[target.version];
  // The target's registry: the one check() redacts its exchange log and its failure messages with.
  const http = new HttpClient({ timeoutMs: target.requestTimeoutMs, maxConcurrency: target.maxConcurrency, secrets: targetSecrets(target) });
  const endpoint = tokenEndpoint(profile, target);
  const open = (session: SessionInfo): Promise<TokenManager> =>
    TokenManager.fromStore(sessionTokenOptions(target, http, session.storePath, http.secrets));
  if (!target.sessions.full) throw new Error(target.sessionErrors.full ?? 'the full user has no session');
  const tokens = await open(target.sessions.full);
  const api = new PlatformApi(http, target.baseUrl, tokens, target.pathVersions, target.extraHeaders);
  const limitedSession = target.sessions.limited;
  const limited = limitedSession
    ? await open(limitedSession).then((limitedTokens) => ({ api: api.as(limitedTokens), tokens: limitedTokens }))
    : { unavailable: target.sessionErrors.limited ?? 'no limited user is configured (LIMITED_USERNAME / LIMITED_PASSWORD)' };
  const fixtures = new FixtureResolver(api, target.version, target.fixtures);
  return { target, profile, http, tokenEndpoint: endpoint, api, tokens, fixtures, limited };
}
