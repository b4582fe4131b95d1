/**
 * Drives one simulator module without a socket: registers the module on a
 * fresh Router for a version and fault set, then answers calls the way the
 * platform would — 404 / 405 from the router, 401 / 403 from a stand-in for
 * the bearer guard (the route's roles against the calling user's), and the
 * handler's response otherwise. Shared by the module conformance tests.
 */
import { demandedRoles, Router, type HttpMethod, type Route, type SimRequest, type SimResponse } from '../../../simulator/http/router.ts';
import type { ModuleRegistrar } from '../../../simulator/modules/context.ts';
import { FaultSet, type FaultName } from '../../../simulator/faults/index.ts';
import { fullUser, type SeedUser } from '../../../simulator/fixtures/users.ts';
import type { SimVersion } from '../../../simulator/version.ts';

export interface HarnessOptions {
  readonly version: SimVersion;
  readonly faults?: readonly FaultName[];
  readonly baseUrl?: string;
}

export interface CallOptions {
  /** The calling user; the full user unless told. `null` calls without a token. */
  readonly user?: SeedUser | null;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface HarnessResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** The body as the client would read it: JSON parsed, other text as is. */
  readonly body: unknown;
}

export interface ModuleHarness {
  readonly router: Router;
  /** The route a method and concrete path reach, if any. */
  route(method: HttpMethod, path: string): Route | undefined;
  /** The roles a call of that route must hold, decided now (a fault's roles are decided per call); none for an open or missing route. */
  roles(method: HttpMethod, path: string): readonly string[] | undefined;
  /** Calls `method` on `pathAndQuery` (e.g. `/x?limit=2`). */
  call(method: HttpMethod, pathAndQuery: string, options?: CallOptions): Promise<HarnessResponse>;
}

export function moduleHarness(registrar: ModuleRegistrar, options: HarnessOptions): ModuleHarness {
  const router = new Router();
  const baseUrl = options.baseUrl ?? 'http://127.0.0.1:4080';
  registrar(router, { version: options.version, faults: new FaultSet(options.faults ?? []), baseUrl: () => baseUrl });

  const route = (method: HttpMethod, path: string): Route | undefined => {
    const match = router.match(method, path);
    return match.kind === 'found' ? match.route : undefined;
  };

  const roles = (method: HttpMethod, path: string): readonly string[] | undefined => {
    const access = route(method, path)?.access;
    return access?.kind === 'bearer' ? demandedRoles(access.roles) : undefined;
  };

  const call = async (method: HttpMethod, pathAndQuery: string, callOptions: CallOptions = {}): Promise<HarnessResponse> => {
    const url = new URL(pathAndQuery, baseUrl);
    const match = router.match(method, url.pathname);
    if (match.kind === 'not-found') return { status: 404, headers: {}, body: undefined };
    if (match.kind === 'method-not-allowed') return { status: 405, headers: { allow: match.allow.join(', ') }, body: undefined };

    const user = callOptions.user === undefined ? fullUser : callOptions.user;
    const access = match.route.access;
    if (access.kind === 'bearer') {
      if (user === null) return { status: 401, headers: {}, body: undefined };
      if (!demandedRoles(access.roles).every((role) => user.roles.includes(role))) return { status: 403, headers: {}, body: undefined };
    }
    const rawBody = callOptions.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(callOptions.body));
    const request: SimRequest = {
      method,
      path: url.pathname,
      params: match.params,
      query: url.searchParams,
      headers: { ...callOptions.headers },
      body: callOptions.body,
      rawBody,
      ...(user ? { principal: { userId: user.id, uuid: user.uuid, login: user.login, roles: new Set(user.roles) } } : {}),
    };
    return readResponse(await match.route.handler(request));
  };

  return { router, route, roles, call };
}

function readResponse(response: SimResponse): HarnessResponse {
  const headers = response.headers ?? {};
  const contentType = String(headers['content-type'] ?? '');
  const body = typeof response.body === 'string' && contentType.includes('json') ? JSON.parse(response.body) : response.body;
  return { status: response.status, headers, body };
}

/** Walks into a JSON value by keys and indexes; undefined where the path does not exist. */
export function pick(value: unknown, ...path: readonly (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
      current = Object.getOwnPropertyDescriptor(current, step)?.value;
    }
  }
  return current;
}

/** The value as an array (empty when it is not one), for `.map` in assertions. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
