/**
 * The Pact verifier's idempotent requests, retried as the client's own are
 * (src/http/client.ts "A flaky staging"): a GET or HEAD met by a connection
 * reset or a gateway's 502/503/504 is sent again, at most twice, with the
 * client's backoff (RFC 9110 §9.2.2). pact-js's proxy (http-proxy) cannot
 * send a request twice, so the request filter hands such requests here
 * instead of to the proxy; everything else still goes through the proxy.
 * A request that took more than one attempt is noted, and its interaction is
 * reported flaky (verify-source.ts), never as a contract failure; one that
 * failed every attempt is closed unanswered, as the proxy closes it, and
 * noted as the interaction's reason.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, request as undiciRequest, retryInterceptor } from '../http/undici-parts.ts';
import { countAttempts, RETRIED_METHODS, retryOptions, type HttpMethod } from '../http/client.ts';
import { describeTransportError, markClosedForTransportError, noteNoResponse, transportFailureKey } from './proxy-transport-errors.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and what the forwarder sets itself: never copied across. */
const notForwarded = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);

/** Attempts per request that needed more than one, by target origin, method and path (no query). */
const retried = new Map<string, number>();

/**
 * Verifier responses whose target answered with a status and headers while its body is still on its way: the answer
 * is written back whole, so the verifier's connection has no headers yet, and the request filter reads here that the
 * target did answer (a body that drips, not a target that never answered).
 */
const answeredHeaders = new WeakSet<ServerResponse>();

export function targetAnsweredHeaders(response: ServerResponse): boolean {
  return response.headersSent || answeredHeaders.has(response);
}

/** `GET /path: 2 attempts` for an interaction's request that was sent more than once; undefined otherwise. */
export function retriedForward(targetUrl: string, method: string, path: string): string | undefined {
  const attempts = retried.get(transportFailureKey(targetUrl, method, path));
  return attempts === undefined ? undefined : `${method.toUpperCase()} ${path.split('?')[0] ?? path}: ${attempts} attempts`;
}

export function isRetriedMethod(method: string | undefined): boolean {
  return RETRIED_METHODS.includes((method ?? 'GET').toUpperCase() as HttpMethod);
}

/** Sends the verifier's request to the target with retries and writes the target's answer back as it came. */
export async function forwardWithRetries(targetBaseUrl: string, request: IncomingMessage, response: ServerResponse, timeoutMs: number): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const path = request.url ?? '/';
  const base = new URL(targetBaseUrl);
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !notForwarded.has(name.toLowerCase())) headers[name] = value;
  }
  const attempts = { count: 0 };
  // The verifier closing its connection (its own timeout) ends the attempts.
  const abandoned = new AbortController();
  response.once('close', () => abandoned.abort());
  const agent = new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: timeoutMs });
  try {
    const answer = await undiciRequest(url, {
      method,
      headers,
      dispatcher: agent.compose(countAttempts(attempts), retryInterceptor(retryOptions)),
      signal: abandoned.signal,
    });
    response.statusCode = answer.statusCode;
    answeredHeaders.add(response);
    const body = Buffer.from(await answer.body.arrayBuffer());
    if (attempts.count > 1) retried.set(transportFailureKey(targetBaseUrl, method, path), attempts.count);
    if (response.destroyed) return;
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !notForwarded.has(name.toLowerCase())) response.setHeader(name, value);
    }
    // A HEAD's Content-Length describes the body a GET would get (RFC 9110 §9.3.2), not the empty one.
    const length = method === 'HEAD' ? answer.headers['content-length'] : String(body.length);
    if (length !== undefined) response.setHeader('content-length', length);
    response.statusCode = answer.statusCode;
    response.end(method === 'HEAD' ? undefined : body);
  } catch (error) {
    if (abandoned.signal.aborted || response.destroyed) return;
    const failure = error instanceof Error ? error : new Error(String(error));
    const timedOut = /timeout/i.test(`${'code' in failure ? String(failure.code) : ''} ${failure.name}`);
    // A timeout is the request filter's to judge (it counts towards giving the target up); any other error is the
    // target's transport error, noted as the proxy notes one.
    if (!timedOut) {
      noteNoResponse(targetBaseUrl, method, path, `${describeTransportError(failure)}${attempts.count > 1 ? ` (after ${attempts.count} attempts)` : ''}`);
      markClosedForTransportError(response);
    }
    response.destroy();
  } finally {
    await agent.close().catch(() => undefined);
  }
}
