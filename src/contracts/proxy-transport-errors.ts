/**
 * No response is not a break (docs/contracts.md, "Cross-version run"). pact-js
 * forwards every interaction's request to the target through its
 * verification proxy, an http-proxy server it gives no 'error' listener.
 * http-proxy then rethrows a target's transport error (a reset, a refused
 * connection) out of the event loop, and the verification process dies
 * with a stack trace, taking every other interaction's verdict with it.
 *
 * In the verification child only, every http-proxy server gets a listener
 * before pact-js makes one: it notes what happened to which request and
 * closes the verifier's own connection, so the verifier records that one
 * interaction as an error without a response and goes on with the rest.
 * The note becomes the interaction's readable failure (verify-source.ts).
 */
import { createRequire } from 'node:module';

/** A transport error's reason per target origin, method and path (no query), as the proxy saw it. */
export type TransportFailures = ReadonlyMap<string, string>;

/** Keyed by the target's origin too: one verification child verifies several targets at once. */
export function transportFailureKey(targetUrl: string | URL, method: string, path: string): string {
  return `${new URL(targetUrl).origin} ${method.toUpperCase()} ${path.split('?')[0] ?? path}`;
}

interface ProxiedRequest {
  readonly method?: string;
  readonly originalUrl?: string;
  readonly url?: string;
}

interface VerifierResponse {
  destroy(): void;
}

interface ProxyServerClass {
  /** `target` is the proxy's target option as parsed by http-proxy: a legacy `url.parse` object. */
  prototype: { onError: (this: unknown, error: Error, request?: ProxiedRequest, response?: VerifierResponse, target?: { readonly href?: string } | string) => void };
}

const failures = new Map<string, string>();
/** Verifier responses the proxy closed for a transport error: their close is not a timeout (request-filter.ts). */
const closedForTransportError = new WeakSet<object>();
let installed = false;

/** What happened to a request that never reached the target or got no answer, noted by the request filter. */
export function noteNoResponse(targetUrl: string | URL, method: string, path: string, reason: string): void {
  catchProxyTransportErrors();
  failures.set(transportFailureKey(targetUrl, method, path), reason);
}

/** A verifier response closed unanswered for a transport error outside http-proxy (retried-forward.ts): its close is not a timeout either. */
export function markClosedForTransportError(response: object): void {
  closedForTransportError.add(response);
}

export function closedByTransportError(response: object): boolean {
  return closedForTransportError.has(response);
}

/** Idempotent. Returns the live map of the failures seen since installation. */
export function catchProxyTransportErrors(): TransportFailures {
  if (installed) return failures;
  // The http-proxy pact-js itself loads: resolved from pact-js's own folder, whatever the hoisting.
  const fromHere = createRequire(import.meta.url);
  const fromPact = createRequire(fromHere.resolve('@pact-foundation/pact'));
  const ProxyServer = fromPact('http-proxy') as ProxyServerClass;
  // http-proxy's own onError throws when it is the only 'error' listener (it replicates Node's unhandled 'error').
  ProxyServer.prototype.onError = function onTransportError(error, request, response, target) {
    const targetUrl = typeof target === 'string' ? target : target?.href;
    if (targetUrl !== undefined && URL.canParse(targetUrl)) {
      failures.set(transportFailureKey(targetUrl, request?.method ?? 'GET', request?.originalUrl ?? request?.url ?? '/'), describeTransportError(error));
    }
    // The verifier's connection closes unanswered: an answer of ours would be taken as the target's response.
    if (response) closedForTransportError.add(response);
    response?.destroy();
  };
  installed = true;
  return failures;
}

export function describeTransportError(error: Error): string {
  const code = 'code' in error ? error.code : undefined;
  switch (code) {
    case 'ECONNRESET':
      return 'no response: the target reset the connection (ECONNRESET)';
    // undici's word for a connection the target closed before it answered ("other side closed").
    case 'UND_ERR_SOCKET':
      return 'no response: the target reset the connection (UND_ERR_SOCKET: closed without an answer)';
    case 'ECONNREFUSED':
      return 'no response: the target refused the connection (ECONNREFUSED)';
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
      return `no response: the connection to the target timed out (${code})`;
    default:
      return `no response: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
}
