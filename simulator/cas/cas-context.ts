import type { FaultSet } from '../faults/index.ts';
import type { SimVersion } from '../version.ts';
import type { Accounts } from './accounts.ts';
import type { AuthorizationCodes } from './authorization-codes.ts';
import type { PendingAuthorizations } from './authorization-requests.ts';
import type { Clock } from './clock.ts';
import type { LoginPageKind } from './login-page.ts';
import type { RegisteredClient } from './registered-client.ts';
import type { BrowserSessions } from './sessions.ts';
import type { TokenState } from './token-state.ts';

/** The state and settings of one CAS instance, shared by its endpoints. */
export interface CasContext {
  readonly version: SimVersion;
  readonly faults: FaultSet;
  readonly clock: Clock;
  /** How the login challenge is served: a plain form, or a page whose form a script builds. */
  readonly loginPage: LoginPageKind;
  readonly client: RegisteredClient;
  readonly accounts: Accounts;
  /** {auth_url}: the CAS's issuer identifier (RFC 9207), known once the platform listens. */
  readonly issuer: () => string;
  readonly sessions: BrowserSessions;
  readonly pendingAuthorizations: PendingAuthorizations;
  readonly codes: AuthorizationCodes;
  readonly tokens: TokenState;
}
