/**
 * The one HTTP client of the harness, on undici: a pooled Agent, a timeout on
 * every request, a concurrency bound shared by all requests of the run (the
 * client's own queue, then the run's permits over every worker thread),
 * no automatic redirects (the login driver follows them itself), and a
 * redacted exchange log. Transport failures become coded errors:
 * TARGET_UNREACHABLE, TARGET_TIMEOUT, TARGET_MALFORMED.
 */
import type { Dispatcher } from 'undici';
import { Agent, request as undiciRequest, retryInterceptor } from './undici-parts.ts';
import { UpgradeGuardError } from '../errors.ts';
import { ConcurrencyLimiter } from './limiter.ts';
import { RunPermits, type Permits } from './run-permits.ts';
import { ExchangeLog } from './exchange-log.ts';
import type { SecretRegistry } from './redact.ts';
import { currentExchangeLog } from './exchange-scope.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface HttpRequest {
  readonly method: HttpMethod;
  readonly url: string | URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | boolean | readonly (string | number)[] | undefined>>;
  /** Sent as application/json. */
  readonly json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  readonly form?: Readonly<Record<string, string>>;
  /** Per-request override of the client's timeout. */
  readonly timeoutMs?: number;
  /**
   * A request whose answer must not be lost once it is sent: a refresh-token grant spends the old refresh token
   * (RFC 9700 §4.14.2), so a rotated pair cut off in flight would break a stored chain. Past RUN_TIMEOUT_S it is
   * not sent; once sent, it runs to its own timeout rather than ending at the run's deadline.
   */
  readonly finishOnceSent?: boolean;
}

export interface HttpResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  header(name: string): string | undefined;
  /** Parsed JSON body; a body that is not JSON is a TARGET_MALFORMED error naming the request. */
  json(): unknown;
}

export interface HttpClientOptions {
  readonly timeoutMs: number;
  readonly maxConcurrency: number;
  /** The registry of whoever owns the client (a run target, a command): every secret it sees is added there. */
  readonly secrets: SecretRegistry;
  readonly log?: ExchangeLog;
  /**
   * A dispatcher to send through instead of the client's own pooled Agent;
   * unit tests pass an undici MockAgent here. The caller owns it: `close()`
   * leaves it open.
   */
  readonly dispatcher?: Dispatcher;
  /** What an unreachable address asks the user to check; the target's variables unless the client serves something else. */
  readonly unreachableHint?: string;
  /**
   * RUN_TIMEOUT_S for a client of the run made before its permits are shared (the preflight): aborted at the deadline
   * with the run's TARGET_TIMEOUT error. Without it, the run's permits carry the deadline (run-permits.ts `deadline`).
   */
  readonly deadline?: AbortSignal | undefined;
}

/**
 * After this many timeouts in a row the target is taken as down: the
 * remaining requests of the run fail at once with the same reason, so a
 * hanging target costs a few timeouts, not one per check.
 */
const TIMEOUTS_BEFORE_GIVING_UP = 3;

/**
 * A flaky staging: an idempotent GET or HEAD (RFC 9110 §9.2.2) met by a
 * connection reset or a gateway's 502/503/504 is sent again, at most twice,
 * after 250 ms and then 500 ms (undici's retry interceptor). Nothing else is
 * retried: no other method, no timeout (those count towards giving up, above),
 * no other status. The exchange records the attempts, and the check that made
 * it is reported as flaky (src/check/check.ts), never silently passed.
 */
export const RETRIED_METHODS: readonly HttpMethod[] = ['GET', 'HEAD'];
const MAX_RETRIES = 2;
/** Also the Pact verifier's idempotent requests' (src/contracts/retried-forward.ts): one policy for every request to a target. */
export const retryOptions: NonNullable<Parameters<typeof retryInterceptor>[0]> = {
  maxRetries: MAX_RETRIES,
  minTimeout: 250,
  timeoutFactor: 2,
  maxTimeout: 500,
  methods: [...RETRIED_METHODS],
  statusCodes: [502, 503, 504],
  errorCodes: ['ECONNRESET', 'UND_ERR_SOCKET'],
  // The last answer (a 502 after three attempts) goes to the check as it came, to be judged there.
  throwOnError: false,
};
/** The longest a retried request waits between its attempts, all backoffs together. */
const RETRY_BACKOFF_MS = 250 + 500;

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EAI_AGAIN', 'UND_ERR_SOCKET']);
const timeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

export class HttpClient {
  readonly #agent: Agent | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #limiter: ConcurrencyLimiter;
  /** The run's bound over every thread (run-permits.ts), when this client belongs to a run. */
  readonly #permits: Permits | undefined = RunPermits.ofRun();
  readonly #timeoutMs: number;
  readonly #deadline: AbortSignal | undefined;
  readonly #unreachableHint: string;
  readonly secrets: SecretRegistry;
  readonly log: ExchangeLog;
  #timeoutsInARow = 0;
  #givenUp: string | undefined;

  constructor(options: HttpClientOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#deadline = options.deadline;
    this.#unreachableHint = options.unreachableHint ?? 'check BASE_URL / AUTH_URL and that the target is up';
    this.#limiter = new ConcurrencyLimiter(options.maxConcurrency);
    if (options.dispatcher) {
      this.#agent = undefined;
      this.#dispatcher = options.dispatcher;
    } else {
      this.#agent = new Agent({
        connections: options.maxConcurrency,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connectTimeout: options.timeoutMs,
      });
      this.#dispatcher = this.#agent;
    }
    this.secrets = options.secrets;
    this.log = options.log ?? new ExchangeLog(this.secrets);
  }

  get peakConcurrency(): number {
    return this.#limiter.peak;
  }

  /** Why the target was given up on (timeouts in a row), or undefined while it is not. */
  get givenUp(): string | undefined {
    return this.#givenUp;
  }

  /**
   * A request to the same target that did not go through this client (the Pact verifier's, through its proxy):
   * its timeout counts towards giving the target up as this client's own do, and an answer ends the run of them.
   */
  noteRequestElsewhere(timeout: UpgradeGuardError | undefined): void {
    if (timeout) this.#counted(timeout);
    else this.#timeoutsInARow = 0;
  }

  request(req: HttpRequest): Promise<HttpResponse> {
    const permits = this.#permits;
    return this.#limiter.run(() => (permits ? permits.run(() => this.#send(req)) : this.#send(req)));
  }

  async close(): Promise<void> {
    await this.#agent?.close();
  }

  async #send(req: HttpRequest): Promise<HttpResponse> {
    const url = buildUrl(req.url, req.query);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] ??= 'application/json';
    } else if (req.form !== undefined) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const timeoutMs = req.timeoutMs ?? this.#timeoutMs;
    const started = performance.now();
    const base = { method: req.method, url: url.toString(), requestHeaders: headers, ...(body !== undefined && { requestBody: body }) };
    const fail = (failure: UpgradeGuardError, attemptCount = 1): never => {
      (currentExchangeLog() ?? this.log).record({ ...base, error: failure.message, ...retriedAttempts(attemptCount), durationMs: performance.now() - started });
      throw failure;
    };
    if (this.#givenUp) fail(new UpgradeGuardError('TARGET_TIMEOUT', `${req.method} ${url.origin}${url.pathname} not sent: ${this.#givenUp}`));
    let response: Dispatcher.ResponseData;
    let text: string;
    const retried = RETRIED_METHODS.includes(req.method);
    const attempts = { count: 0 };
    // A safety net over undici's own timeouts: every attempt of a retried request, and the waits between them.
    const timeout = AbortSignal.timeout(retried ? (timeoutMs + 50) * (MAX_RETRIES + 1) + RETRY_BACKOFF_MS : timeoutMs + 50);
    // RUN_TIMEOUT_S: the run's deadline ends a request still in flight (run-permits.ts `deadline`).
    const deadline = this.#runDeadline();
    // Past it nothing is sent (the run's permits refuse it first, where the client has them): nothing to record.
    if (deadline?.aborted) throw deadline.reason instanceof UpgradeGuardError ? deadline.reason : new UpgradeGuardError('TARGET_TIMEOUT', `${req.method} ${url.origin}${url.pathname} not sent: the run's time is up`);
    const endsAtDeadline = req.finishOnceSent ? undefined : deadline;
    const pastDeadline = (): UpgradeGuardError | undefined => (endsAtDeadline?.aborted && endsAtDeadline.reason instanceof UpgradeGuardError ? endsAtDeadline.reason : undefined);
    try {
      response = await undiciRequest(url, {
        method: req.method,
        headers,
        body,
        dispatcher: retried ? this.#dispatcher.compose(countAttempts(attempts), retryInterceptor(retryOptions)) : this.#dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: endsAtDeadline ? AbortSignal.any([timeout, endsAtDeadline]) : timeout,
      });
    } catch (error) {
      const ranOut = pastDeadline();
      if (ranOut) return fail(ranOut, attempts.count);
      const failure = transportError(req.method, url, timeoutMs, error, this.secrets, this.#unreachableHint);
      return fail(this.#counted(attempts.count > 1 ? new UpgradeGuardError(failure.code, `${failure.message} (after ${attempts.count} attempts)`) : failure), attempts.count);
    }
    try {
      text = await response.body.text();
    } catch (error) {
      const ranOut = pastDeadline();
      if (ranOut) return fail(ranOut, attempts.count);
      return fail(this.#counted(bodyError(req.method, url, response.statusCode, timeoutMs, error, this.secrets)), attempts.count);
    }
    this.#timeoutsInARow = 0;
    const responseHeaders = response.headers as Record<string, string | string[] | undefined>;
    (currentExchangeLog() ?? this.log).record({
      ...base,
      status: response.statusCode,
      responseHeaders,
      responseBody: text,
      ...retriedAttempts(attempts.count),
      durationMs: performance.now() - started,
    });
    return makeResponse(url, response.statusCode, responseHeaders, text, req.method, this.secrets);
  }

  /** The run's deadline for this client's requests: its own (the preflight's, before the run's permits), else the run's. */
  #runDeadline(): AbortSignal | undefined {
    return this.#deadline ?? (this.#permits instanceof RunPermits ? this.#permits.deadline() : undefined);
  }

  /** Counts timeouts in a row; past the bound, the target is given up on for the rest of the run. */
  #counted(failure: UpgradeGuardError): UpgradeGuardError {
    if (failure.code !== 'TARGET_TIMEOUT') {
      this.#timeoutsInARow = 0;
      return failure;
    }
    this.#timeoutsInARow += 1;
    if (this.#timeoutsInARow >= TIMEOUTS_BEFORE_GIVING_UP) {
      this.#givenUp = `the target timed out ${this.#timeoutsInARow} times in a row (last: ${failure.message})`;
    }
    return failure;
  }
}

/** Counts the attempts of one request: composed before the retry interceptor, it sits nearer the socket and sees each one. */
export function countAttempts(attempts: { count: number }): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => {
    attempts.count += 1;
    return dispatch(options, handler);
  };
}

function retriedAttempts(count: number): { attempts?: number } {
  return count > 1 ? { attempts: count } : {};
}

function buildUrl(input: string | URL, query: HttpRequest['query']): URL {
  const url = new URL(input.toString());
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
    else url.searchParams.set(name, String(value));
  }
  return url;
}

function makeResponse(
  url: URL,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
  method: string,
  secrets: SecretRegistry,
): HttpResponse {
  const where = `${method} ${url.origin}${url.pathname}`;
  return {
    url: url.toString(),
    status,
    headers,
    text,
    header(name) {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    json() {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        const preview = secrets.scrub(text.slice(0, 80)).replace(/\s+/g, ' ');
        throw new UpgradeGuardError('TARGET_MALFORMED', `${where} answered ${status} with a body that is not JSON: "${preview}"`);
      }
    },
  };
}

function transportError(method: string, url: URL, timeoutMs: number, error: unknown, secrets: SecretRegistry, hint: string): UpgradeGuardError {
  const where = `${method} ${url.origin}${url.pathname}`;
  const code = errorCode(error);
  if ((code && timeoutCodes.has(code)) || isAbortTimeout(error)) {
    return new UpgradeGuardError('TARGET_TIMEOUT', `${where} did not answer within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`);
  }
  if (code && unreachableCodes.has(code)) {
    return new UpgradeGuardError('TARGET_UNREACHABLE', `${where} could not be reached (${code}); ${hint}`);
  }
  const detail = error instanceof Error ? error.message : String(error);
  // An answer the HTTP parser could not read (llhttp's HPE_* codes) is the target's, and a malformed one: not silence.
  if (isParserError(error) || code?.startsWith('HPE_') || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    return new UpgradeGuardError('TARGET_MALFORMED', `${where} answered with a response that could not be read: ${secrets.scrub(detail)}`);
  }
  // A request undici refused to send (a header value it cannot carry) is a defect of ours, never the target's silence.
  if (code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED') return new UpgradeGuardError('INTERNAL', `${where} could not be sent: ${secrets.scrub(detail)}`);
  return new UpgradeGuardError('TARGET_UNREACHABLE', `${where} failed: ${secrets.scrub(detail)}`);
}

/**
 * The status line and headers came, the body did not: cut off (fewer bytes
 * than Content-Length, the connection closed early) is a body that could not
 * be read, TARGET_MALFORMED; a body that stalled is a timeout.
 */
function bodyError(method: string, url: URL, status: number, timeoutMs: number, error: unknown, secrets: SecretRegistry): UpgradeGuardError {
  const where = `${method} ${url.origin}${url.pathname}`;
  const code = errorCode(error);
  if ((code && timeoutCodes.has(code)) || isAbortTimeout(error)) {
    return new UpgradeGuardError('TARGET_TIMEOUT', `${where} answered ${status} but its body did not arrive within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new UpgradeGuardError('TARGET_MALFORMED', `${where} answered ${status} but its body was cut off (${code ?? secrets.scrub(detail)})`);
}

/** The error and its causes, four deep at most: undici wraps what the socket or the parser said. */
function* causes(error: unknown): Generator<{ readonly code?: unknown; readonly name?: unknown }> {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    yield current as { code?: unknown; name?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** undici's HTTPParserError, here or as a cause: what came was not an HTTP response it could read. */
function isParserError(error: unknown): boolean {
  for (const current of causes(error)) if (current.name === 'HTTPParserError') return true;
  return false;
}

function errorCode(error: unknown): string | undefined {
  for (const current of causes(error)) if (typeof current.code === 'string') return current.code;
  return undefined;
}

function isAbortTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && /timeout/i.test(String(error.cause ?? error.message))));
}
