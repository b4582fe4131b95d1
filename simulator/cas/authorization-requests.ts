import type { Clock } from './clock.ts';
import { randomToken } from './random.ts';

/** A validated authorization request waiting for the user to log in and consent (spec §4.1). */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  /** Absent only when a fault let a request without `state` through. */
  readonly state: string | undefined;
  readonly scope: string;
}

export interface PendingAuthorization {
  readonly id: string;
  readonly request: AuthorizationRequest;
  /** The browser session that saw the login challenge; only it may continue. */
  readonly sessionId: string;
  readonly expiresAt: number;
  /** Set once the user passed the login challenge. */
  authenticatedLogin?: string;
}

/** How long a user may take from the login challenge to the consent. */
const pendingLifetimeMs = 10 * 60 * 1000;

export class PendingAuthorizations {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  start(request: AuthorizationRequest, sessionId: string): PendingAuthorization {
    this.#prune();
    const pending: PendingAuthorization = {
      id: randomToken(16),
      request,
      sessionId,
      expiresAt: this.#clock() + pendingLifetimeMs,
    };
    this.#pending.set(pending.id, pending);
    return pending;
  }

  /** The live pending request with this id that belongs to this browser session. */
  find(id: string | null, sessionId: string): PendingAuthorization | undefined {
    if (id === null) return undefined;
    const pending = this.#pending.get(id);
    if (pending === undefined || pending.sessionId !== sessionId || pending.expiresAt <= this.#clock()) return undefined;
    return pending;
  }

  /** A pending request is answered once: with a code or with an error. */
  finish(id: string): void {
    this.#pending.delete(id);
  }

  #prune(): void {
    const now = this.#clock();
    for (const [id, pending] of this.#pending) if (pending.expiresAt <= now) this.#pending.delete(id);
  }
}
