/**
 * A record of every HTTP exchange of a test, redacted when recorded. The
 * Allure setup attaches it to the test; nothing unredacted is ever stored.
 */
import { redactBody, redactHeaders, redactUrl, type SecretRegistry } from './redact.ts';

export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Record<string, string>;
  readonly requestBody?: string;
  readonly status?: number;
  readonly responseHeaders?: Record<string, string>;
  readonly responseBody?: string;
  readonly error?: string;
  /** Sent more than once (a retried GET or HEAD, src/http/client.ts): how many times. */
  readonly attempts?: number;
  readonly durationMs: number;
}

export interface RawExchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Record<string, string | string[] | undefined>;
  readonly requestBody?: string;
  readonly status?: number;
  readonly responseHeaders?: Record<string, string | string[] | undefined>;
  readonly responseBody?: string;
  readonly error?: string;
  readonly attempts?: number;
  readonly durationMs: number;
}

/** Bodies beyond this are cut in the log; the assertion still sees the whole body. */
const MAX_LOGGED_BODY = 16_384;

function clip(text: string): string {
  return text.length > MAX_LOGGED_BODY ? `${text.slice(0, MAX_LOGGED_BODY)}\n… (${text.length - MAX_LOGGED_BODY} more characters)` : text;
}

function contentTypeOf(headers: Record<string, string | string[] | undefined> | undefined): string | undefined {
  const value = headers?.['content-type'];
  return Array.isArray(value) ? value[0] : value;
}

export class ExchangeLog {
  readonly #entries: Exchange[] = [];
  readonly #renewals: string[] = [];
  readonly #secrets: SecretRegistry;

  constructor(secrets: SecretRegistry) {
    this.#secrets = secrets;
  }

  record(raw: RawExchange): Exchange {
    const entry: Exchange = {
      method: raw.method,
      url: redactUrl(raw.url, this.#secrets),
      requestHeaders: redactHeaders(raw.requestHeaders, this.#secrets),
      ...(raw.requestBody !== undefined && {
        requestBody: clip(redactBody(raw.requestBody, contentTypeOf(raw.requestHeaders), this.#secrets)),
      }),
      ...(raw.status !== undefined && { status: raw.status }),
      ...(raw.responseHeaders !== undefined && { responseHeaders: redactHeaders(raw.responseHeaders, this.#secrets) }),
      ...(raw.responseBody !== undefined && {
        responseBody: clip(redactBody(raw.responseBody, contentTypeOf(raw.responseHeaders), this.#secrets)),
      }),
      ...(raw.error !== undefined && { error: this.#secrets.scrub(raw.error) }),
      ...(raw.attempts !== undefined && { attempts: raw.attempts }),
      durationMs: raw.durationMs,
    };
    this.#entries.push(entry);
    return entry;
  }

  /**
   * A request sent again with a refreshed token after a 403 for a token at its expiry (src/api/platform-api.ts):
   * `GET /path`, kept until drained with {@link drainRenewals}; the check reports it.
   */
  noteTokenRenewal(request: string): void {
    this.#renewals.push(this.#secrets.scrub(request));
  }

  /** The renewals noted since the last call. */
  drainRenewals(): string[] {
    return this.#renewals.splice(0, this.#renewals.length);
  }

  /** What was recorded since the last drain, left in place. */
  get recorded(): readonly Exchange[] {
    return this.#entries;
  }

  /** Hand over what was recorded since the last drain (one test's exchanges). */
  drain(): Exchange[] {
    return this.#entries.splice(0, this.#entries.length);
  }
}
