/**
 * The embedded platform: one instance of version 7.4 or 8.0, serving the
 * modules at {base_url} and the CAS at {base_url}/cas (DESIGN.md "The
 * simulator"). The app is built apart from `listen`, fastify style:
 * `inject` answers a request without a socket, `listen` puts it on loopback.
 */
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCas, isLoginPageKind, mountCas, type LoginPageKind } from './cas/index.ts';
import { systemClock, type Clock } from './cas/clock.ts';
import { casPrefix } from './cas/paths.ts';
import { randomToken } from './cas/random.ts';
import { FaultSet, isDeviationName, type DeviationName, type FaultConsulted } from './faults/index.ts';
import { fullUser, limitedUser } from './fixtures/users.ts';
import { checkBearer } from './cas/bearer-guard.ts';
import { createDispatcher, type Dispatch } from './http/dispatch.ts';
import { withDeprecationNotices, type DeprecationHeaderMode } from './http/deprecation-notices.ts';
import { withRemovedEndpoints, type RemovedEndpointMode } from './http/removed-endpoints.ts';
import { createRequestListener } from './http/node-listener.ts';
import { withQuirks } from './http/quirks.ts';
import type { TrafficMeter } from './http/traffic.ts';
import { Router, type SimResponse } from './http/router.ts';
import type { ModuleRegistrar } from './modules/context.ts';
import { moduleRegistrars } from './modules/index.ts';
import { isSimVersion, type SimVersion } from './version.ts';

export { createRequestListener } from './http/node-listener.ts';
export { TrafficMeter, type TrafficStats } from './http/traffic.ts';
export { loginPageKinds, isLoginPageKind, type LoginPageKind } from './cas/index.ts';
export type { Dispatch, IncomingRequest } from './http/dispatch.ts';

export interface PlatformOptions {
  readonly version: SimVersion;
  /** Access token lifetime, reported as `expires_in` (spec §8). Default 3600. */
  readonly tokenTtlSeconds?: number;
  /** Faults (simulator/faults/) and quirks (simulator/faults/quirks.ts) to start with. */
  readonly faults?: readonly DeviationName[];
  /** How the CAS serves its login challenge (`--login-page`): a plain form (default) or a page whose form a script builds. */
  readonly loginPage?: LoginPageKind;
  /** Deprecation / Sunset headers on some deprecated 8.0 endpoints (simulator/http/deprecation-notices.ts); none by default. */
  readonly deprecationHeaders?: DeprecationHeaderMode;
  /** How 8.0 answers the endpoints it removed (simulator/http/removed-endpoints.ts): 404/405 by default, or 410 Gone. */
  readonly removedEndpoints?: RemovedEndpointMode;
  /** Told each time the instance asks whether a fault is on, from its creation on (see FaultSet). */
  readonly onFaultConsulted?: FaultConsulted;
  readonly clientId?: string;
  /** Generated per start when absent (STYLE.md rule 6). */
  readonly clientSecret?: string;
  readonly redirectUri?: string;
  /** Generated per start when absent. */
  readonly passwords?: { readonly full?: string; readonly limited?: string };
  /** Milliseconds since the epoch; tests pass their own to move time without sleeping. */
  readonly clock?: Clock;
  /** The modules this instance serves; default every module of the platform (simulator/modules/index.ts). */
  readonly modules?: readonly ModuleRegistrar[];
  /**
   * Meters the requests `listen` serves (and holds each back by the meter's
   * added latency): benchmarks put a slow network in front of the platform
   * with it. `inject` is not metered.
   */
  readonly traffic?: TrafficMeter;
  /** Told about a handler that threw (the client gets a 500). Default: one line on stderr. */
  readonly onInternalError?: (error: unknown, request: { readonly method: string; readonly url: string }) => void;
}

export interface UserCredentials {
  readonly username: string;
  readonly password: string;
}

export interface PlatformCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly users: { readonly full: UserCredentials; readonly limited: UserCredentials };
}

export interface PlatformAddress {
  readonly baseUrl: string;
  readonly authUrl: string;
}

/** A request for `inject`: as a client would send it, without a socket. */
export interface InjectRequest {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export interface Platform {
  readonly version: SimVersion;
  readonly faults: readonly DeviationName[];
  readonly credentials: PlatformCredentials;
  /** The node:http listener of this instance, for a server of the caller's own. */
  readonly requestListener: RequestListener;
  /** Answers one request without a socket (fastify's `inject`). */
  inject(request: InjectRequest): Promise<SimResponse>;
  listen(port?: number, host?: string): Promise<PlatformAddress>;
  /** Stops listening and closes every connection, idle keep-alive ones included. */
  close(): Promise<void>;
  /** The `.env` lines pointing a suite at this instance (DESIGN.md "The target contract"); after `listen`. */
  envLines(): string[];
}

export const defaultClientId = 'upgrade-guard-sim';
/** Nothing listens there: the suite's login driver stops at the redirect and reads the code from its URL. */
export const defaultRedirectUri = 'http://127.0.0.1:47913/callback';
export const defaultTokenTtlSeconds = 3600;
/** Until `listen` knows the port, absolute URLs (issuer, links) use this. */
const unboundBaseUrl = 'http://127.0.0.1';

export function createPlatform(options: PlatformOptions): Platform {
  const settings = validateOptions(options);
  const faults = new FaultSet(settings.faults, options.onFaultConsulted);
  const credentials: PlatformCredentials = Object.freeze({
    clientId: options.clientId ?? defaultClientId,
    clientSecret: options.clientSecret ?? randomToken(),
    redirectUri: options.redirectUri ?? defaultRedirectUri,
    users: Object.freeze({
      full: Object.freeze({ username: fullUser.login, password: options.passwords?.full ?? randomToken(24) }),
      limited: Object.freeze({ username: limitedUser.login, password: options.passwords?.limited ?? randomToken(24) }),
    }),
  });

  let address: PlatformAddress | undefined;
  const baseUrl = (): string => address?.baseUrl ?? unboundBaseUrl;

  const cas = createCas({
    version: settings.version,
    faults,
    clock: options.clock ?? systemClock,
    loginPage: settings.loginPage,
    tokenTtlSeconds: settings.tokenTtlSeconds,
    client: { clientId: credentials.clientId, clientSecret: credentials.clientSecret, redirectUri: credentials.redirectUri },
    passwords: new Map([
      [credentials.users.full.username, credentials.users.full.password],
      [credentials.users.limited.username, credentials.users.limited.password],
    ]),
    issuer: () => baseUrl() + casPrefix,
  });

  const router = new Router();
  mountCas(router, cas);
  for (const register of options.modules ?? moduleRegistrars) register(router, { version: settings.version, faults, baseUrl });

  const dispatch: Dispatch = withQuirks(
    withDeprecationNotices(
      withRemovedEndpoints(
        createDispatcher({
          router,
          checkBearer: (headers, roles) => checkBearer(headers, roles, cas.tokens, faults, options.clock ?? systemClock),
          onInternalError: options.onInternalError ?? reportInternalError,
        }),
        settings.version,
        options.removedEndpoints,
      ),
      settings.version,
      options.deprecationHeaders,
    ),
    faults,
    (path) => path.startsWith(casPrefix),
  );
  const requestListener = createRequestListener(dispatch);
  let server: Server | undefined;

  return {
    version: settings.version,
    faults: faults.names,
    credentials,
    requestListener,

    inject: (request) =>
      dispatch({
        method: request.method.toUpperCase(),
        url: request.url,
        headers: lowerCaseHeaders(request.headers ?? {}),
        rawBody: typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : (request.body ?? Buffer.alloc(0)),
      }),

    async listen(port = 0, host = '127.0.0.1') {
      if (server !== undefined) throw new Error('The platform is already listening');
      // Idle connections live as long as behind the usual gateway (60 s and more): a client's pooled
      // connection is then never closed under it between requests, where a POST could not be retried.
      const listening = createServer({ keepAliveTimeout: 65_000 }, options.traffic ? options.traffic.wrap(requestListener) : requestListener);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      server = listening;
      const { port: boundPort } = serverAddress(listening);
      const base = `http://${urlHost(host)}:${boundPort}`;
      address = Object.freeze({ baseUrl: base, authUrl: base + casPrefix });
      return address;
    },

    async close() {
      const listening = server;
      if (listening === undefined) return;
      server = undefined;
      await new Promise<void>((resolve, reject) => {
        listening.close((error) => (error ? reject(error) : resolve()));
        listening.closeAllConnections();
      });
    },

    envLines() {
      if (address === undefined) throw new Error('envLines() needs a listening platform: call listen() first');
      return [
        `TARGET_VERSION=${settings.version}`,
        `BASE_URL=${address.baseUrl}`,
        `AUTH_URL=${address.authUrl}`,
        `CLIENT_ID=${credentials.clientId}`,
        `CLIENT_SECRET=${credentials.clientSecret}`,
        `REDIRECT_URI=${credentials.redirectUri}`,
        `LOGIN_USERNAME=${credentials.users.full.username}`,
        `LOGIN_PASSWORD=${credentials.users.full.password}`,
        `LIMITED_USERNAME=${credentials.users.limited.username}`,
        `LIMITED_PASSWORD=${credentials.users.limited.password}`,
      ];
    },
  };
}

interface Settings {
  readonly version: SimVersion;
  readonly tokenTtlSeconds: number;
  readonly faults: readonly DeviationName[];
  readonly loginPage: LoginPageKind;
}

/** Options are checked once, at start; a bad one fails naming it. */
function validateOptions(options: PlatformOptions): Settings {
  if (!isSimVersion(options.version)) throw new RangeError(`version must be 7.4 or 8.0, got ${String(options.version)}`);
  const tokenTtlSeconds = options.tokenTtlSeconds ?? defaultTokenTtlSeconds;
  if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 1) {
    throw new RangeError(`tokenTtlSeconds must be a whole number of seconds, at least 1, got ${tokenTtlSeconds}`);
  }
  const faults = options.faults ?? [];
  const unknown = faults.filter((name) => !isDeviationName(name));
  if (unknown.length > 0) throw new RangeError(`unknown fault(s): ${unknown.join(', ')}`);
  const loginPage = options.loginPage ?? 'form';
  if (!isLoginPageKind(loginPage)) throw new RangeError(`loginPage must be form or script, got ${String(loginPage)}`);
  return { version: options.version, tokenTtlSeconds, faults, loginPage };
}

function serverAddress(server: Server): AddressInfo {
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('The platform is not listening on a TCP port');
  return bound;
}

/** The host as it goes into a URL: IPv6 in brackets, a wildcard address replaced by loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function lowerCaseHeaders(headers: Readonly<Record<string, string>>): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function reportInternalError(error: unknown, request: { readonly method: string; readonly url: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`simulator: 500 for ${request.method} ${new URL(request.url, unboundBaseUrl).pathname}: ${message}\n`);
}
