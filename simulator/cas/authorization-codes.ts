import type { Clock } from './clock.ts';
import { randomToken } from './random.ts';

/** What a code stands for: this user's consent for this client and redirect URI. */
export interface CodeGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly login: string;
  readonly scope: string;
}

export interface AuthorizationCodeRecord {
  readonly grant: CodeGrant;
  readonly expiresAt: number;
  /** The token family issued for the code; set on first redemption, so a second one is recognised. */
  redeemedFamilyId?: string;
}

/** A code is short-lived: RFC 6749 §4.1.2 recommends at most 10 minutes; the CAS allows 60 seconds. */
export const codeLifetimeMs = 60 * 1000;
/** Redeemed and expired codes are remembered this long, so reuse is still recognised as reuse. */
const rememberMs = 10 * 60 * 1000;

export class AuthorizationCodes {
  readonly #codes = new Map<string, AuthorizationCodeRecord>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  issue(grant: CodeGrant): string {
    this.#prune();
    const code = randomToken();
    this.#codes.set(code, { grant, expiresAt: this.#clock() + codeLifetimeMs });
    return code;
  }

  find(code: string): AuthorizationCodeRecord | undefined {
    return this.#codes.get(code);
  }

  isExpired(record: AuthorizationCodeRecord): boolean {
    return record.expiresAt <= this.#clock();
  }

  #prune(): void {
    const forgetBefore = this.#clock() - rememberMs;
    for (const [code, record] of this.#codes) if (record.expiresAt <= forgetBefore) this.#codes.delete(code);
  }
}
