/**
 * Opens the shared sessions of a run target in the main process, once: the
 * full user's and the limited user's token chains, written to their stores
 * for the workers to pick up. A real target's stored chain is reused when it
 * is still alive, so a nightly run keeps one chain across nights; a dead or
 * missing chain means a fresh login.
 */
import { authorizationUrl } from '../auth/authorization-request.ts';
import { issuedElsewhere } from '../auth/chain-issuer.ts';
import { generateState } from '../auth/state.ts';
import type { CasAddress } from '../auth/endpoints.ts';
import { exchangeCode, isTokenEndpointError, tokenEndpoint, type TokenSet } from '../auth/token-endpoint.ts';
import { TokenManager } from '../auth/token-manager.ts';
import { UpgradeGuardError, isUpgradeGuardError, stoppedNote } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { versionProfiles } from '../profile/versions.ts';
import type { UserCredentials } from '../config/config.ts';
import { driveLogin } from './login.ts';
import { sessionTokenOptions } from './session-tokens.ts';
import { registerTargetSecrets, type ClientRegistration, type IssuedToken, type SessionInfo, type ShortLivedTarget, type TargetInfo } from './target-info.ts';

type SessionKind = 'full' | 'limited';

const credentialVariables: Record<SessionKind, { username: string; password: string }> = {
  full: { username: 'LOGIN_USERNAME', password: 'LOGIN_PASSWORD' },
  limited: { username: 'LIMITED_USERNAME', password: 'LIMITED_PASSWORD' },
};

/** A login's failure as a coded error: an uncoded one is a defect of ours (INTERNAL), never a check's verdict. */
export function loginFailure(error: unknown): UpgradeGuardError {
  return isUpgradeGuardError(error) ? error : new UpgradeGuardError('INTERNAL', `the shared sessions could not be opened: ${error instanceof Error ? error.message : String(error)}`);
}

/** Receives a line for the run's output (a dead stored chain replaced by a new login). */
export type SessionNotice = (line: string) => void;

/** `secrets`: the registry of the process root that opens them; every password, code and token of the logins lands there. */
export async function openSessions(target: TargetInfo, secrets: SecretRegistry, onNotice: SessionNotice = () => undefined): Promise<TargetInfo> {
  registerTargetSecrets(target, secrets);
  const http = new HttpClient({ timeoutMs: target.requestTimeoutMs, maxConcurrency: target.maxConcurrency, secrets });
  try {
    // The three logins are independent chains of requests: against a far target they overlap.
    const [full, limited, issued] = await Promise.all([
      openSession(http, target, 'full', target.fullUser, target.sessions.full, onNotice),
      openSession(http, target, 'limited', target.limitedUser, target.sessions.limited, onNotice).catch((error: unknown) => {
        // Without the limited user only the role checks lose their second user; they skip with this reason.
        // A login the run's deadline or a signal cut off is no reason the limited user has: the run ends as cut off.
        if (isUpgradeGuardError(error) && stoppedNote(error) === undefined) return { error: `the limited user could not log in: ${error.message}` };
        throw error;
      }),
      target.shortLived && issueShortLivedToken(http, target, target.shortLived),
    ]);
    if ('error' in full) throw new UpgradeGuardError('LOGIN_FAILED', full.error);
    return {
      ...target,
      ...(target.shortLived && { shortLived: { ...target.shortLived, ...(issued && { issued }) } }),
      sessions: {
        ...('session' in full && { full: full.session }),
        ...('session' in limited && { limited: limited.session }),
      },
      sessionErrors: {
        ...('error' in limited && { limited: limited.error }),
      },
    };
  } finally {
    await http.close();
  }
}

type Opened = { readonly session: SessionInfo } | { readonly error: string };

async function openSession(
  http: HttpClient,
  target: TargetInfo,
  kind: SessionKind,
  user: UserCredentials | undefined,
  session: SessionInfo | undefined,
  onNotice: SessionNotice,
): Promise<Opened> {
  const variables = credentialVariables[kind];
  if (!session) return { error: `${variables.username} / ${variables.password} are not set` };
  const options = sessionTokenOptions(target, http, session.storePath, http.secrets);
  const { store } = options;

  let deadChain: string | undefined;
  const stored = target.embedded ? undefined : await store.read();
  // A chain another configuration obtained (chain-issuer.ts): a new login says what is wrong with this one.
  const elsewhere = stored && issuedElsewhere(stored.issuedBy, options);
  if (elsewhere && !user) {
    return { error: `${session.storePath} holds a refresh-token chain issued ${elsewhere}, and ${variables.username} / ${variables.password} are not set to log in again` };
  }
  if (stored && !elsewhere) {
    try {
      const manager = await TokenManager.fromStore(options);
      await manager.accessToken();
      return { session };
    } catch (error) {
      // A dead stored chain is only fatal when there is no password to start a new one.
      if (!(isTokenEndpointError(error) && user)) throw error;
      deadChain = `${error.status}${error.oauthError ? ` ${error.oauthError}` : ''}`;
    }
  }
  if (!user) {
    return { error: `${variables.username} / ${variables.password} are not set and ${session.storePath} holds no live refresh token` };
  }
  // Why the stored chain is replaced, when there was one: issued elsewhere, or refused.
  const replaced = elsewhere ? `the refresh-token chain in ${session.storePath} was issued ${elsewhere}` : deadChain && `the refresh-token chain in ${session.storePath} was refused (${deadChain})`;
  const { tokens, warnings } = await loginForTokens(http, target, target, user, variables).catch((error: unknown) => {
    throw withConfigurationHint(error, elsewhere && replaced);
  });
  await TokenManager.fromLogin(options, tokens);
  // Said once, in the output: a nightly job whose chain died should know it started a new one.
  if (replaced) onNotice(`${target.project}: ${replaced}; logged in again as ${variables.username} and stored a new chain`);
  return { session: { ...session, warnings } };
}

/**
 * A login of the run's own session that failed says what in the configuration to look at: a client the CAS did not
 * accept (RFC 6749 §5.2 invalid_client, or unauthorized_client as Keycloak answers a wrong secret) names CLIENT_ID and
 * CLIENT_SECRET, and a login made because the stored chain was issued to another configuration says so.
 */
function withConfigurationHint(error: unknown, because: string | undefined): unknown {
  if (!isUpgradeGuardError(error)) return error;
  // Keycloak answers a wrong secret with unauthorized_client (docs/real-8.0-login.md).
  const clientRefused = isTokenEndpointError(error) && (error.oauthError === 'invalid_client' || error.oauthError === 'unauthorized_client');
  const hints = [...(clientRefused ? ['the CAS did not accept the client: check CLIENT_ID and CLIENT_SECRET'] : []), ...(because ? [because] : [])];
  if (hints.length > 0) error.message = `${error.message}; ${hints.join('; ')}`;
  return error;
}

/** Logs in on the embedded one-second instance; a failure there only costs the expiry check its head start. */
async function issueShortLivedToken(http: HttpClient, target: TargetInfo, instance: ShortLivedTarget): Promise<IssuedToken | undefined> {
  try {
    const { tokens } = await loginForTokens(http, target, instance, instance.user);
    return { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn, obtainedAt: tokens.obtainedAt };
  } catch {
    return undefined;
  }
}

export interface LoginOutcome {
  readonly tokens: TokenSet;
  /** What the login noticed and tolerated (a state that was not echoed): the auth suite checks it. */
  readonly warnings: string[];
}

/**
 * One login through the version's authorization flow and the code exchange,
 * on any CAS of the target (its main or its short-lived instance), with the
 * target's login driver and field names.
 */
export async function loginForTokens(
  http: HttpClient,
  target: Pick<TargetInfo, 'version' | 'loginFields' | 'loginBrowser' | 'requestTimeoutMs'>,
  instance: CasAddress & { readonly client: ClientRegistration },
  user: UserCredentials,
  variables: { readonly username: string; readonly password: string } = credentialVariables.full,
): Promise<LoginOutcome> {
  const profile = versionProfiles[target.version];
  const fields = target.loginFields;
  const state = generateState();
  const result = await driveLogin(http, target, {
    authorizationUrl: authorizationUrl(profile, {
      authUrl: instance.authUrl,
      ...(instance.authEndpoints && { authEndpoints: instance.authEndpoints }),
      clientId: instance.client.clientId,
      redirectUri: instance.client.redirectUri,
      state,
    }),
    redirectUri: instance.client.redirectUri,
    username: user.username,
    password: user.password,
    fields,
    credentialVariables: variables,
  });
  if (result.kind === 'error') {
    throw new UpgradeGuardError('LOGIN_FAILED', `the CAS answered the authorization request of ${variables.username} with error=${result.error}`);
  }
  // The auth suite fails a CAS that does not echo `state` (spec §5.3); a
  // shared session goes on so that every other check can still run.
  const warnings = result.state === state ? [] : ['the redirect did not echo the state that was sent (spec §5.3)'];
  const tokens = await exchangeCode(http, tokenEndpoint(profile, instance), {
    code: result.code,
    clientId: instance.client.clientId,
    clientSecret: instance.client.clientSecret,
    redirectUri: instance.client.redirectUri,
  });
  return { tokens, warnings };
}
