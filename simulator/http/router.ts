/**
 * A small method + path-template router for the simulator. Templates use the
 * spec's own `{name}` placeholders, so a route reads like its spec row.
 * A path that matches a template under another method answers 405 with an
 * `Allow` header, as the platform's servlet stack does; anything else is 404.
 *
 * A route can be conditional (`when`): a version's or a fault's route is
 * registered always, and whether it is served is asked only when a request's
 * path matches its template. So an instance asks about a fault that removes
 * or adds a route only for the requests that route could answer, never at
 * its start: the kill matrix's trace (test/kill-matrix/suite-trace.ts)
 * relies on the platform asking about a fault exactly where it could change
 * an answer.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Principal {
  readonly userId: number;
  readonly uuid: string;
  readonly login: string;
  readonly roles: ReadonlySet<string>;
}

export interface SimRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** Parsed body: JSON value, form fields (URLSearchParams) or undefined. */
  readonly body: unknown;
  readonly rawBody: Buffer;
  /** Set by the bearer guard on module API routes. */
  readonly principal?: Principal;
}

export interface SimResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  /** A string is sent as is (set content-type yourself); anything else as JSON. */
  readonly body?: unknown;
}

export type Handler = (request: SimRequest) => SimResponse | Promise<SimResponse>;

/** The roles a route demands: fixed, or decided per request (a fault's, asked only when the route is called). */
export type Roles = readonly string[] | (() => readonly string[]);

/** The roles a request to the route must hold, decided now. */
export const demandedRoles = (roles: Roles): readonly string[] => (typeof roles === 'function' ? roles() : roles);

/** Who may call a route: nobody needs a token (CAS), any valid token, or a token whose user holds every listed role. */
export type Access = { readonly kind: 'public' } | { readonly kind: 'bearer'; readonly roles: Roles };

export interface Route {
  readonly method: HttpMethod;
  readonly template: string;
  readonly access: Access;
  readonly handler: Handler;
  /** Whether the route is served, asked when a request's path matches the template; always, when absent. */
  readonly served?: () => boolean;
}

export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly HttpMethod[] }
  | { readonly kind: 'not-found' };

export class Router {
  readonly #routes: Route[];
  readonly #served: (() => boolean) | undefined;

  constructor(shared?: { readonly routes: Route[]; readonly served: () => boolean }) {
    this.#routes = shared?.routes ?? [];
    this.#served = shared?.served;
  }

  add(route: Route): void {
    const own = route.served;
    const outer = this.#served;
    this.#routes.push(outer ? { ...route, served: own ? () => outer() && own() : outer } : route);
  }

  /** The same route table, for routes served only while `served()` holds (asked per matching request). */
  when(served: () => boolean): Router {
    const outer = this.#served;
    return new Router({ routes: this.#routes, served: outer ? () => outer() && served() : served });
  }

  /** Shorthand for a module API route guarded by a bearer token and roles. */
  api(method: HttpMethod, template: string, roles: Roles, handler: Handler): void {
    this.add({ method, template, access: { kind: 'bearer', roles }, handler });
  }

  /** Shorthand for a route that needs no token (the CAS's own endpoints). */
  open(method: HttpMethod, template: string, handler: Handler): void {
    this.add({ method, template, access: { kind: 'public' }, handler });
  }

  match(method: string, path: string): RouteMatch {
    const allow: HttpMethod[] = [];
    for (const route of this.#routes) {
      // Whether a route is served is asked before its parameters are decoded: a route not served leaves a path it
      // would have refused for bad percent-encoding to the others, as an instance without the route does.
      const fit = fitTemplate(route.template, path);
      if (fit === 'no' || (route.served && !route.served())) continue;
      const params = templateParams(route.template, path);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  }
}

/**
 * How a path fits a template, read segment by segment as `templateParams` decodes it: `maybe` when it fits, or
 * when a placeholder's value with a `%` comes before the first segment that does not (decoding may refuse it
 * there, as `templateParams` would); `no` otherwise, without decoding anything.
 */
function fitTemplate(template: string, path: string): 'no' | 'maybe' {
  const expected = template.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return 'no';
  for (const [i, want] of expected.entries()) {
    const got = actual[i] ?? '';
    if (isPlaceholder(want)) {
      if (got === '') return 'no';
      if (got.includes('%')) return 'maybe';
    } else if (want !== got) {
      return 'no';
    }
  }
  return 'maybe';
}

/** The placeholders' values, or undefined when the path does not fit; throws URIError on bad percent-encoding. */
function templateParams(template: string, path: string): Record<string, string> | undefined {
  const expected = template.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i += 1) {
    const want = expected[i] ?? '';
    const got = actual[i] ?? '';
    if (isPlaceholder(want)) {
      if (got === '') return undefined;
      params[want.slice(1, -1)] = decodeURIComponent(got);
    } else if (want !== got) {
      return undefined;
    }
  }
  return params;
}

const isPlaceholder = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

export const json = (status: number, body: unknown, headers?: Record<string, string>): SimResponse =>
  headers ? { status, body, headers } : { status, body };

export const html = (status: number, markup: string, headers: Record<string, string | readonly string[]> = {}): SimResponse => ({
  status,
  body: markup,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
});

export const redirect = (location: string, headers: Record<string, string | readonly string[]> = {}): SimResponse => ({
  status: 302,
  headers: { location, ...headers },
});
