/**
 * Hands access tokens to the suites and refreshes them before they expire
 * (spec §5.8: "The application should refresh when the access token is close
 * to expiry").
 *
 * Refresh tokens are single use (spec §5.8, §8), so two refreshes with the
 * same refresh token kill the chain. Hence single flight at two levels:
 * - in a process, concurrent callers share one promise;
 * - across processes (vitest workers) on one token store, a lock file
 *   serialises refreshes, and the holder re-reads the store first: when
 *   another worker already refreshed, its pair is used as is.
 * The rotated pair is written (atomically) before the lock is released and
 * before any caller gets the new access token.
 *
 * A token handed out must outlive the request it goes with, and a request
 * on a loaded machine or a slow network can take a large part of a short
 * lifetime: the margin is three quarters of the lifetime (at most 60 s).
 * A module API's 403 for a token that was at or near its expiry when it was
 * refused (spec §5.7) is answered with one refresh and one more attempt
 * (`renewRefused`, src/api/platform-api.ts), and the check says so.
 *
 * @see RFC 6749 §6, §10.4 (refresh token rotation)
 * @see spec §4.1, §5.7, §5.8, §8
 */
import { UpgradeGuardError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import { chainIssuer, issuedElsewhere } from './chain-issuer.ts';
import { withFileLock, type FileLockOptions } from './file-lock.ts';
import { isTokenEndpointError, processTokenResponse, refreshTokenGrantRequest, TokenEndpointError, type TokenSet } from './token-endpoint.ts';
import type { RetiredAccessToken, TokenState, TokenStore } from './token-store.ts';

export interface TokenManagerOptions {
  readonly client: HttpClient;
  /** `{auth_url}{profile.tokenPath}`, see {@link tokenEndpoint}. */
  readonly tokenEndpoint: string;
  /** Where the chain's login went (stamped with a stored chain, chain-issuer.ts); the token manager never calls it. */
  readonly authorizationEndpoint?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Where the chain lives between runs and workers. Absent: in memory only (the embedded simulator). */
  readonly store?: TokenStore;
  /** Clock, epoch ms (tests). */
  readonly now?: () => number;
  readonly lock?: FileLockOptions;
  /** The refresh margin is min(this, three quarters of the token's lifetime); 60 s by default. */
  readonly maxRefreshMarginMs?: number;
}

const DEFAULT_MAX_MARGIN_MS = 60_000;
/**
 * The share of a short lifetime kept in reserve: a token is handed out only while it has that much left, so a
 * request that waits for a CPU or a slow gateway still arrives with a live token; the rest (a quarter) is used.
 */
const MARGIN_SHARE_OF_LIFETIME = 0.75;

/** How long before expiry a token is refreshed: min(60 s, three quarters of its lifetime), so short-lived tokens are still used. */
export function refreshMargin(lifetimeMs: number | undefined, maxMarginMs: number = DEFAULT_MAX_MARGIN_MS): number {
  if (lifetimeMs === undefined || !Number.isFinite(lifetimeMs)) return maxMarginMs;
  return Math.max(0, Math.min(maxMarginMs, lifetimeMs * MARGIN_SHARE_OF_LIFETIME));
}

/** Whether the state's access token is missing or within the refresh margin of its expiry. Unknown expiry: never. */
export function needsRefresh(state: Pick<TokenState, 'accessToken' | 'obtainedAt' | 'expiresAt'>, now: number, maxMarginMs: number = DEFAULT_MAX_MARGIN_MS): boolean {
  if (!state.accessToken) return true;
  if (state.expiresAt === undefined) return false;
  const lifetime = state.obtainedAt === undefined ? undefined : state.expiresAt - state.obtainedAt;
  return now >= state.expiresAt - refreshMargin(lifetime, maxMarginMs);
}

export class TokenManager {
  readonly #options: TokenManagerOptions;
  readonly #now: () => number;
  #state: TokenState | undefined;
  #inflight: Promise<TokenState> | undefined;
  #refreshes = 0;

  private constructor(options: TokenManagerOptions, state: TokenState | undefined) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#state = state;
    options.client.secrets.add(options.clientSecret);
  }

  /**
   * Starts from the pair a login just produced; with a store, the pair is
   * persisted (under the lock) before this returns.
   */
  static async fromLogin(options: TokenManagerOptions, tokens: TokenSet): Promise<TokenManager> {
    const store = options.store;
    if (!tokens.refreshToken) {
      if (store) throw new UpgradeGuardError('TARGET_MALFORMED', `the token response carried no refresh_token (spec §2), so there is no chain to keep in ${store.path}`);
      // In memory, a pair without refresh token still serves until it expires; a refresh then says why it cannot.
      return new TokenManager(options, { refreshToken: '', ...accessPart(tokens) });
    }
    const fresh: TokenState = { refreshToken: tokens.refreshToken, ...accessPart(tokens) };
    if (!store) return new TokenManager(options, fresh);
    const manager = new TokenManager(options, undefined);
    await withFileLock(
      store.lockPath,
      async () => {
        const previous = await store.read();
        // A token of a chain issued to another configuration was never this one's: the expiry check must not send it.
        const ours = previous && issuedElsewhere(previous.issuedBy, options) === undefined ? previous : undefined;
        const retired = ours?.expiredAccessToken ?? retire(ours);
        manager.#state = await store.write({ ...fresh, ...(retired && { expiredAccessToken: retired }), issuedBy: chainIssuer(options, previous?.issuedBy) }, manager.#now());
      },
      options.lock,
    );
    return manager;
  }

  /** Starts from the refresh token in the store; TOKEN_STORE when there is none. */
  static async fromStore(options: TokenManagerOptions & { readonly store: TokenStore }): Promise<TokenManager> {
    const stored = await options.store.read();
    if (!stored) throw noChain(options.store.path);
    return new TokenManager(options, stored);
  }

  /** Refreshes done by this manager (tests, reports). */
  get refreshCount(): number {
    return this.#refreshes;
  }

  /** Epoch ms when the current access token expires, if known. */
  get expiresAt(): number | undefined {
    return this.#state?.expiresAt;
  }

  /**
   * A valid access token: the current one unless it is within the refresh
   * margin of expiry (or missing), else a refreshed one.
   */
  async accessToken(): Promise<string> {
    const state = this.#state;
    if (state?.accessToken && !needsRefresh(state, this.#now(), this.#options.maxRefreshMarginMs)) return state.accessToken;
    return accessTokenOf(await this.#refresh(false));
  }

  /**
   * Refreshes now (the current access token was refused, say) unless another
   * caller or worker already rotated the pair since this manager last saw it;
   * returns the new access token.
   */
  async forceRefresh(): Promise<string> {
    return accessTokenOf(await this.#refresh(true));
  }

  /**
   * A token to send again with after a module API refused `refused` with 403: a refreshed one when `refused` is the
   * current token and is now at or near its expiry (within the refresh margin, spec §5.8), the current one when a
   * refresh has already replaced it; `undefined` for a token that was fresh, whose 403 is the target's verdict.
   */
  async renewRefused(refused: string): Promise<string | undefined> {
    const state = this.#state;
    if (!state?.accessToken) return undefined;
    if (state.accessToken !== refused) return this.accessToken();
    if (!needsRefresh(state, this.#now(), this.#options.maxRefreshMarginMs)) return undefined;
    return this.forceRefresh();
  }

  /** Whether `token` is the current access token and not yet within the refresh margin of its expiry. */
  isFresh(token: string): boolean {
    const state = this.#state;
    return state?.accessToken === token && !needsRefresh(state, this.#now(), this.#options.maxRefreshMarginMs);
  }

  /** An access token recorded by an earlier refresh whose expiry has passed: for the expired-token check (spec §5.7). */
  expiredAccessToken(): string | undefined {
    return this.expiredAccessTokenRecord()?.token;
  }

  /** When the access token kept at the last refresh expires, expired or not (the expiry check says when it can use it). */
  get retiredAccessTokenExpiry(): number | undefined {
    return this.#state?.expiredAccessToken?.expiresAt;
  }

  /** The same, with the moment it expired (the expiry check measures the target's leeway from it). */
  expiredAccessTokenRecord(): RetiredAccessToken | undefined {
    const retired = this.#state?.expiredAccessToken;
    return retired && this.#now() >= retired.expiresAt ? retired : undefined;
  }

  #refresh(force: boolean): Promise<TokenState> {
    // In-process single flight: whoever comes while a refresh runs gets its result.
    if (this.#inflight) return this.#inflight;
    const known = this.#state?.refreshToken;
    const store = this.#options.store;
    const run = (): Promise<TokenState> => this.#refreshIfStillNeeded(force, known);
    this.#inflight = (store ? withFileLock(store.lockPath, run, this.#options.lock) : run()).finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  async #refreshIfStillNeeded(force: boolean, known: string | undefined): Promise<TokenState> {
    const store = this.#options.store;
    // Inside the lock, the store is the truth: another worker may have refreshed meanwhile.
    const current = store ? await store.read() : this.#state;
    if (!current) throw noChain(store?.path);
    const rotatedElsewhere = current.refreshToken !== known;
    const stillValid = current.accessToken !== undefined && !needsRefresh(current, this.#now(), this.#options.maxRefreshMarginMs);
    if (stillValid && (force ? rotatedElsewhere : true)) {
      this.#state = current;
      return current;
    }
    if (!current.refreshToken) {
      throw new UpgradeGuardError('TOKEN_REFUSED', 'the access token expired and the login gave no refresh token to renew it with (spec §2); log in again');
    }
    const tokens = await this.#callRefresh(current.refreshToken);
    const retired = current.expiredAccessToken ?? retire(current);
    const next: TokenState = {
      // RFC 6749 §6: a server that does not rotate leaves the old refresh token valid.
      refreshToken: tokens.refreshToken ?? current.refreshToken,
      ...accessPart(tokens),
      ...(retired && { expiredAccessToken: retired }),
      ...(store && { issuedBy: chainIssuer(this.#options, current.issuedBy) }),
    };
    // The old refresh token is spent now: nothing may return before the new one is on disk.
    this.#state = next;
    this.#refreshes += 1;
    if (store) this.#state = await this.#persist(next);
    return this.#state;
  }

  async #callRefresh(refreshToken: string): Promise<TokenSet> {
    const { client, tokenEndpoint, clientId, clientSecret, store } = this.#options;
    try {
      const response = await refreshTokenGrantRequest(client, tokenEndpoint, { refreshToken, clientId, clientSecret });
      return processTokenResponse(response, { secrets: client.secrets, now: this.#now() });
    } catch (error) {
      if (isTokenEndpointError(error) && error.oauthError === 'invalid_grant') {
        throw new TokenEndpointError(
          `the stored refresh-token chain is dead: the token endpoint answered ${error.status} invalid_grant (the refresh token was used elsewhere or expired; spec §5.8); log in again with LOGIN_USERNAME / LOGIN_PASSWORD${store ? `, which replaces the chain in ${store.path}` : ''}`,
          { status: error.status, oauthError: error.oauthError, errorDescription: error.errorDescription },
          { cause: error },
        );
      }
      throw error;
    }
  }

  /** Writes the rotated pair, retrying briefly: a lost write loses the chain. */
  async #persist(next: TokenState): Promise<TokenState> {
    const store = this.#options.store;
    if (!store) return next;
    let failure: unknown;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        return await store.write(next, this.#now());
      } catch (error) {
        failure = error;
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
    }
    const detail = failure instanceof Error ? failure.message : String(failure);
    throw new UpgradeGuardError('TOKEN_STORE', `the refreshed tokens could not be written to ${store.path}, and the stored refresh token is spent: the next run must log in again (${detail})`, { cause: failure });
  }
}

function accessPart(tokens: TokenSet): Pick<TokenState, 'accessToken' | 'obtainedAt' | 'expiresAt'> {
  return {
    accessToken: tokens.accessToken,
    obtainedAt: tokens.obtainedAt,
    ...(tokens.expiresAt !== undefined && { expiresAt: tokens.expiresAt }),
  };
}

/** The access token being replaced, kept with its expiry for a later expired-token check. */
function retire(state: TokenState | undefined): RetiredAccessToken | undefined {
  return state?.accessToken && state.expiresAt !== undefined ? { token: state.accessToken, expiresAt: state.expiresAt } : undefined;
}

function accessTokenOf(state: TokenState): string {
  if (!state.accessToken) throw new UpgradeGuardError('INTERNAL', 'a refresh produced no access token');
  return state.accessToken;
}

function noChain(path: string | undefined): UpgradeGuardError {
  return new UpgradeGuardError(
    'TOKEN_STORE',
    path
      ? `the token store ${path} (TOKEN_STORE) holds no refresh token; log in first (LOGIN_USERNAME / LOGIN_PASSWORD)`
      : 'the token manager has no tokens; log in first (LOGIN_USERNAME / LOGIN_PASSWORD)',
  );
}
