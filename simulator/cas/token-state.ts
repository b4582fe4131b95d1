import type { Clock } from './clock.ts';
import { randomToken } from './random.ts';

/** How a token pair came to be; the bearer guard's faults tell refreshed tokens apart. */
export type TokenOrigin = 'authorization_code' | 'refresh_token' | 'client_credentials' | 'password';

/** Whom tokens are issued to and for what. */
export interface TokenSubject {
  readonly clientId: string;
  readonly login: string;
  readonly scope: string;
}

/**
 * All tokens descending from one authorization: the first pair and every
 * pair rotated from it. Reuse of a rotated refresh token revokes the whole
 * family (RFC 9700 §4.14.2), as does reuse of its code (RFC 6749 §4.1.2).
 */
export interface TokenFamily {
  readonly id: string;
  readonly subject: TokenSubject;
  currentRefreshToken: string;
  revoked: boolean;
}

export interface AccessTokenRecord {
  readonly familyId: string;
  readonly subject: TokenSubject;
  readonly origin: TokenOrigin;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface IssuedTokens {
  readonly familyId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
  readonly issuedAt: number;
  readonly subject: TokenSubject;
}

export type AccessTokenStatus =
  | { readonly kind: 'active'; readonly token: AccessTokenRecord }
  | { readonly kind: 'expired'; readonly token: AccessTokenRecord }
  | { readonly kind: 'revoked' }
  | { readonly kind: 'unknown' };

/** Access and refresh tokens are opaque random strings; their meaning lives only here. */
export class TokenState {
  readonly #families = new Map<string, TokenFamily>();
  readonly #accessTokens = new Map<string, AccessTokenRecord>();
  /** Every refresh token ever issued, current or rotated, to its family. */
  readonly #refreshTokens = new Map<string, string>();
  readonly #clock: Clock;
  readonly #ttlSeconds: number;

  constructor(clock: Clock, ttlSeconds: number) {
    this.#clock = clock;
    this.#ttlSeconds = ttlSeconds;
  }

  /** A first pair of tokens, starting a new family (spec §5.5). */
  issueTokenPair(subject: TokenSubject, origin: TokenOrigin): IssuedTokens {
    const refreshToken = randomToken();
    const family: TokenFamily = { id: randomToken(16), subject, currentRefreshToken: refreshToken, revoked: false };
    this.#families.set(family.id, family);
    this.#refreshTokens.set(refreshToken, family.id);
    return this.#issueAccessToken(family, origin);
  }

  /**
   * A completely new pair for a refresh (spec §4.1, §5.8): the old refresh
   * token stops being current. With `rotate: false` (a fault) the family
   * keeps its refresh token and only the access token is new.
   */
  rotateRefreshToken(family: TokenFamily, options: { readonly rotate: boolean }): IssuedTokens {
    if (options.rotate) {
      family.currentRefreshToken = randomToken();
      this.#refreshTokens.set(family.currentRefreshToken, family.id);
    }
    return this.#issueAccessToken(family, 'refresh_token');
  }

  /** The family a refresh token belongs to, and whether it is the family's current one. */
  findRefreshToken(refreshToken: string): { readonly family: TokenFamily; readonly current: boolean } | undefined {
    const familyId = this.#refreshTokens.get(refreshToken);
    const family = familyId === undefined ? undefined : this.#families.get(familyId);
    if (family === undefined) return undefined;
    return { family, current: family.currentRefreshToken === refreshToken };
  }

  family(familyId: string): TokenFamily | undefined {
    return this.#families.get(familyId);
  }

  /** Every access and refresh token of the family stops working. */
  revokeFamily(familyId: string): void {
    const family = this.#families.get(familyId);
    if (family) family.revoked = true;
  }

  /** What the resource server learns about a presented access token (RFC 7662 in spirit). */
  introspectAccessToken(accessToken: string): AccessTokenStatus {
    const token = this.#accessTokens.get(accessToken);
    if (token === undefined) return { kind: 'unknown' };
    if (this.#families.get(token.familyId)?.revoked !== false) return { kind: 'revoked' };
    if (token.expiresAt <= this.#clock()) return { kind: 'expired', token };
    return { kind: 'active', token };
  }

  #issueAccessToken(family: TokenFamily, origin: TokenOrigin): IssuedTokens {
    const accessToken = randomToken();
    const issuedAt = this.#clock();
    this.#accessTokens.set(accessToken, {
      familyId: family.id,
      subject: family.subject,
      origin,
      issuedAt,
      expiresAt: issuedAt + this.#ttlSeconds * 1000,
    });
    return {
      familyId: family.id,
      accessToken,
      refreshToken: family.currentRefreshToken,
      expiresIn: this.#ttlSeconds,
      issuedAt,
      subject: family.subject,
    };
  }
}
