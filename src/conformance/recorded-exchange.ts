/**
 * What the conformance checks keep of a module exchange: the method, the
 * path below the target's base URL (query included), the bodies and their
 * content types, the status, and the check that made it. Taken from the
 * exchange log, so it is already redacted: validation needs no secret.
 */
import type { Exchange } from '../http/exchange-log.ts';

export interface RecordedExchange {
  /** The check that made the request. */
  readonly check: string;
  readonly method: string;
  /** Below the base URL, with the query string: `/maps/rest/api/v1.0/groups?limit=5`. */
  readonly path: string;
  readonly requestContentType?: string;
  readonly requestBody?: string;
  /** Absent when no answer came (a timeout, a refused connection). */
  readonly status?: number;
  readonly responseContentType?: string;
  readonly responseBody?: string;
}

/** The module exchanges among a check's exchanges: those below `baseUrl` whose path starts with a module prefix. */
export function recordedModuleExchanges(check: string, baseUrl: string, exchanges: readonly Exchange[], modulePrefixes: readonly string[]): RecordedExchange[] {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const recorded: RecordedExchange[] = [];
  for (const exchange of exchanges) {
    if (!URL.canParse(exchange.url)) continue;
    const url = new URL(exchange.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) continue;
    const path = url.pathname.slice(basePath.length);
    if (!modulePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) continue;
    const requestContentType = header(exchange.requestHeaders, 'content-type');
    const responseContentType = header(exchange.responseHeaders, 'content-type');
    recorded.push({
      check,
      method: exchange.method.toUpperCase(),
      path: `${path}${url.search}`,
      ...(requestContentType !== undefined && { requestContentType }),
      ...(exchange.requestBody !== undefined && { requestBody: exchange.requestBody }),
      ...(exchange.status !== undefined && { status: exchange.status }),
      ...(responseContentType !== undefined && { responseContentType }),
      ...(exchange.responseBody !== undefined && { responseBody: exchange.responseBody }),
    });
  }
  return recorded;
}

function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
