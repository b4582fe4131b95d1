import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from './clock.ts';
import { readCookie, sessionCookie } from './cookies.ts';
import { casPrefix } from './paths.ts';
import { randomToken } from './random.ts';
import { safeEqual } from './safe-equal.ts';

const cookieName = 'CAS_SESSION';
/** A browser that leaves the login screen open longer than this starts again. */
const sessionLifetimeMs = 30 * 60 * 1000;

/**
 * A browser session at the CAS, created when the login challenge is shown.
 * It holds the CSRF value the forms must echo, so a form posted from another
 * site (without the cookie) or a forged one (without the value) is refused.
 */
export interface BrowserSession {
  readonly id: string;
  readonly csrf: string;
  readonly expiresAt: number;
}

export class BrowserSessions {
  readonly #sessions = new Map<string, BrowserSession>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * The session named by the request's cookie, or a new one, with the
   * Set-Cookie header to send: sent every time the login challenge is shown,
   * so a client always learns which session its form belongs to.
   */
  resume(headers: IncomingHttpHeaders): { readonly session: BrowserSession; readonly setCookie: string } {
    const session = this.find(headers) ?? this.#create();
    return { session, setCookie: sessionCookie(cookieName, session.id, casPrefix) };
  }

  /** The live session named by the request's cookie. */
  find(headers: IncomingHttpHeaders): BrowserSession | undefined {
    const id = readCookie(headers, cookieName);
    if (id === undefined) return undefined;
    const session = this.#sessions.get(id);
    if (session === undefined || session.expiresAt <= this.#clock()) return undefined;
    return session;
  }

  #create(): BrowserSession {
    this.#prune();
    const session: BrowserSession = {
      id: randomToken(),
      csrf: randomToken(),
      expiresAt: this.#clock() + sessionLifetimeMs,
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  #prune(): void {
    const now = this.#clock();
    for (const [id, session] of this.#sessions) if (session.expiresAt <= now) this.#sessions.delete(id);
  }
}

/** Whether the posted CSRF value is the session's (OWASP synchronizer token pattern). */
export function csrfMatches(session: BrowserSession, presented: string | null): boolean {
  return presented !== null && safeEqual(presented, session.csrf);
}
