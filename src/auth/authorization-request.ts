/**
 * The front-channel half of the authorization code flow: the authorization
 * request URL of the target's version, and the redirect that comes back.
 *
 * @see RFC 6749 §4.1.1 (request), §4.1.2 (response), §4.1.2.1 (error response)
 * @see RFC 9207 (the `iss` parameter a redirect may carry)
 * @see spec §4.1, §5.3, §9.1
 */
import { UpgradeGuardError } from '../errors.ts';
import type { VersionProfile } from '../profile/versions.ts';
import { endpointUrl, type EndpointOverrides } from './endpoints.ts';
import { expectStateEcho } from './state.ts';

export interface AuthorizationUrlOptions {
  /** {auth_url}: the base address of the CAS; may carry a path (`http://host/cas`). */
  readonly authUrl: string;
  /** The instance's own endpoints (AUTHORIZATION_ENDPOINT, AUTH_DISCOVERY); absent: the spec's path below authUrl. */
  readonly authEndpoints?: EndpointOverrides;
  readonly clientId: string;
  readonly redirectUri: string;
  /** Usually {@link generateState}(); spec §5.4. */
  readonly state: string;
  /** Added after the version's parameters, replacing any of the same name (negative tests: a wrong `scope`, a foreign `response_mode`). */
  readonly extraParams?: Readonly<Record<string, string>>;
  /** Removed last (negative tests: a request without `state` or `response_type`). */
  readonly omitParams?: readonly string[];
}

/**
 * The authorization request URL of the version: 7.4 sends the user to
 * `{auth_url}/api/v1.1/authorization` with `scope=openid`, 8.0 to
 * `{auth_url}/oauth2/auth` with `response_mode=query`; the path and the
 * version-specific parameters come from the profile, the endpoint itself
 * from the instance where it gives one (spec §4.1, last sentence).
 *
 * @see RFC 6749 §4.1.1
 * @see spec §4.1, §9.1
 */
export function authorizationUrl(profile: VersionProfile, options: AuthorizationUrlOptions): URL {
  const url = new URL(endpointUrl(profile, options, 'authorization'));
  const params = url.searchParams;
  params.set('client_id', options.clientId);
  params.set('redirect_uri', options.redirectUri);
  for (const [name, value] of Object.entries(profile.authorizationParams)) params.set(name, value);
  params.set('state', options.state);
  for (const [name, value] of Object.entries(options.extraParams ?? {})) params.set(name, value);
  for (const name of options.omitParams ?? []) params.delete(name);
  return url;
}

/**
 * Whether `url` is the redirect URI: same origin and exactly the same path
 * (`/cb/` is not `/cb`). The query is not compared, since the redirect adds
 * `code`, `state` and perhaps `iss`.
 *
 * @see RFC 6749 §3.1.2
 */
export function isRedirectUri(url: string | URL, redirectUri: string | URL): boolean {
  const candidate = toUrl(url);
  const expected = toUrl(redirectUri);
  if (!candidate || !expected) return false;
  return candidate.origin === expected.origin && candidate.pathname === expected.pathname;
}

interface RedirectCommon {
  /** The redirect as received (it holds the code: never log it unredacted). */
  readonly url: URL;
  readonly state: string | undefined;
  /** RFC 9207 issuer identifier, when the CAS sends one. */
  readonly iss: string | undefined;
  /** Every query parameter, extra ones included. */
  readonly params: URLSearchParams;
}

/** @see RFC 6749 §4.1.2 */
export interface AuthorizationCodeResponse extends RedirectCommon {
  readonly kind: 'code';
  readonly code: string;
}

/** @see RFC 6749 §4.1.2.1 */
export interface AuthorizationErrorResponse extends RedirectCommon {
  readonly kind: 'error';
  /** The OAuth error code, e.g. `invalid_scope`, `access_denied`. */
  readonly error: string;
  readonly errorDescription: string | undefined;
  readonly errorUri: string | undefined;
}

export type AuthorizationResponse = AuthorizationCodeResponse | AuthorizationErrorResponse;

export interface ParseAuthorizationRedirectOptions {
  readonly redirectUri: string | URL;
  /**
   * The state the request sent. Given: a success response must echo it, and
   * an error response that carries a state must echo it (LOGIN_FAILED
   * otherwise). Absent: nothing is checked, the suite asserts itself.
   */
  readonly expectedState?: string;
}

/**
 * Reads the redirect back to the client: `code` and `state`, or an OAuth
 * error. Unknown parameters (RFC 9207 `iss`, vendor extras) are tolerated and
 * kept in `params`. A location that is not the redirect URI, or a redirect
 * with neither `code` nor `error`, is LOGIN_FAILED.
 *
 * @see RFC 6749 §4.1.2, §4.1.2.1
 * @see RFC 9207 §2.4
 * @see spec §5.3
 */
export function parseAuthorizationRedirect(location: string | URL, options: ParseAuthorizationRedirectOptions): AuthorizationResponse {
  const url = toUrl(location);
  if (!url || !isRedirectUri(url, options.redirectUri)) {
    const where = url ? `${url.origin}${url.pathname}` : 'an unreadable location';
    throw new UpgradeGuardError('LOGIN_FAILED', `the CAS redirected to ${where}, which is not REDIRECT_URI (${String(options.redirectUri)})`);
  }
  const params = url.searchParams;
  const state = params.get('state') ?? undefined;
  const iss = params.get('iss') ?? undefined;
  const error = params.get('error');
  if (error !== null) {
    if (options.expectedState !== undefined && state !== undefined) expectStateEcho(options.expectedState, state);
    return {
      kind: 'error',
      url,
      error,
      errorDescription: params.get('error_description') ?? undefined,
      errorUri: params.get('error_uri') ?? undefined,
      state,
      iss,
      params,
    };
  }
  const code = params.get('code');
  if (code === null || code === '') {
    throw new UpgradeGuardError('LOGIN_FAILED', `the redirect to REDIRECT_URI carried neither code nor error (RFC 6749 §4.1.2); parameters: ${[...params.keys()].join(', ') || 'none'}`);
  }
  if (options.expectedState !== undefined) expectStateEcho(options.expectedState, state);
  return { kind: 'code', url, code, state, iss, params };
}

function toUrl(value: string | URL): URL | undefined {
  if (value instanceof URL) return value;
  return URL.canParse(value) ? new URL(value) : undefined;
}
