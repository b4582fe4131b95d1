import type { IncomingHttpHeaders } from 'node:http';
import { parseBody } from './body.ts';
import { demandedRoles, type Principal, type Router, type RouteMatch, type SimRequest, type SimResponse } from './router.ts';
import { springError } from './spring-error.ts';

/** A request as it arrived, body already read; what `inject` takes without a socket. */
export interface IncomingRequest {
  readonly method: string;
  /** Path and query, as in the request line. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: Buffer;
}

export type Dispatch = (incoming: IncomingRequest) => Promise<SimResponse>;

/** What the bearer guard (simulator/cas/bearer-guard.ts) decides for a guarded route. */
export type BearerCheck =
  | { readonly kind: 'allowed'; readonly principal: Principal }
  | { readonly kind: 'refused'; readonly status: 401 | 403; readonly challenge: string; readonly message: string };

export interface DispatcherOptions {
  readonly router: Router;
  /** Decides a bearer-guarded route (simulator/cas/bearer-guard.ts). */
  readonly checkBearer: (headers: IncomingHttpHeaders, roles: readonly string[]) => BearerCheck;
  /** Told about a handler that threw; the client gets a 500. */
  readonly onInternalError?: (error: unknown, incoming: IncomingRequest) => void;
}

/**
 * One request through the platform, in the order of its servlet stack:
 * routing (404, 405 with Allow), the security filter (401, 403), body
 * parsing (400 for malformed JSON), the handler (500 if it throws).
 */
export function createDispatcher(options: DispatcherOptions): Dispatch {
  return async (incoming) => {
    const url = new URL(incoming.url, 'http://platform.invalid');
    const path = url.pathname;

    const match = matchRoute(options.router, incoming.method, path);
    if (match === undefined) return springError(400, path, 'The request path is not valid percent-encoding');
    if (match.kind === 'not-found') return springError(404, path);
    if (match.kind === 'method-not-allowed') {
      return springError(405, path, `Request method '${incoming.method}' is not supported`, { allow: match.allow.join(', ') });
    }

    let principal: SimRequest['principal'];
    const { access } = match.route;
    if (access.kind === 'bearer') {
      const check = options.checkBearer(incoming.headers, demandedRoles(access.roles));
      if (check.kind === 'refused') return springError(check.status, path, check.message, { 'www-authenticate': check.challenge });
      principal = check.principal;
    }

    const parsed = parseBody(incoming.headers, incoming.rawBody);
    if (parsed.kind === 'malformed') return springError(400, path, parsed.message);

    const request: SimRequest = {
      method: incoming.method,
      path,
      params: match.params,
      query: url.searchParams,
      headers: incoming.headers,
      body: parsed.body,
      rawBody: incoming.rawBody,
      ...(principal === undefined ? {} : { principal }),
    };
    try {
      return await match.route.handler(request);
    } catch (error) {
      options.onInternalError?.(error, incoming);
      return springError(500, path);
    }
  };
}

/** Undefined when a path segment is not valid percent-encoding. */
function matchRoute(router: Router, method: string, path: string): RouteMatch | undefined {
  try {
    return router.match(method, path);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
