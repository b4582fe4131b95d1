/**
 * The central authentication service (spec §4.1, §5, §7, §8, §9.1), mounted
 * below /cas on the platform's router: {auth_url} = {base_url}/cas.
 */
import type { FaultSet } from '../faults/index.ts';
import type { Router } from '../http/router.ts';
import type { SimVersion } from '../version.ts';
import { Accounts } from './accounts.ts';
import { AuthorizationCodes } from './authorization-codes.ts';
import { PendingAuthorizations } from './authorization-requests.ts';
import { authorizationEndpoint } from './authorize.ts';
import type { CasContext } from './cas-context.ts';
import type { Clock } from './clock.ts';
import type { LoginPageKind } from './login-page.ts';
import { consentSubmission } from './consent.ts';
import { loginChallenge, loginSubmission } from './login.ts';
import { authorizationPaths, consentPath, loginPath, tokenPath } from './paths.ts';
import type { RegisteredClient } from './registered-client.ts';
import { BrowserSessions } from './sessions.ts';
import { tokenEndpoint } from './token-endpoint.ts';
import { TokenState } from './token-state.ts';

export type { CasContext } from './cas-context.ts';
export type { RegisteredClient } from './registered-client.ts';
export type { AccessTokenStatus } from './token-state.ts';
export { loginPageKinds, isLoginPageKind, type LoginPageKind } from './login-page.ts';

export interface CasOptions {
  readonly version: SimVersion;
  readonly faults: FaultSet;
  readonly clock: Clock;
  readonly loginPage: LoginPageKind;
  readonly tokenTtlSeconds: number;
  readonly client: RegisteredClient;
  /** Login to password, for the users who can sign in. */
  readonly passwords: ReadonlyMap<string, string>;
  readonly issuer: () => string;
}

export function createCas(options: CasOptions): CasContext {
  return {
    version: options.version,
    faults: options.faults,
    clock: options.clock,
    loginPage: options.loginPage,
    client: options.client,
    accounts: new Accounts(options.passwords),
    issuer: options.issuer,
    sessions: new BrowserSessions(options.clock),
    pendingAuthorizations: new PendingAuthorizations(options.clock),
    codes: new AuthorizationCodes(options.clock),
    tokens: new TokenState(options.clock, options.tokenTtlSeconds),
  };
}

export function mountCas(router: Router, cas: CasContext): void {
  router.open('GET', servedAuthorizationPath(cas), authorizationEndpoint(cas));
  router.open('GET', loginPath, loginChallenge(cas));
  router.open('POST', loginPath, loginSubmission(cas));
  router.open('POST', consentPath, consentSubmission(cas));
  router.open('POST', tokenPath, tokenEndpoint(cas));
}

/** Each version serves only its own authorization path (spec §9.1). */
function servedAuthorizationPath(cas: CasContext): string {
  return authorizationPaths[cas.version];
}
