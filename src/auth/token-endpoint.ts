/**
 * The back-channel half: requests to the token endpoint and the reading of
 * its responses, in protocol pairs (oauth4webapi's shape):
 * `authorizationCodeGrantRequest` / `refreshTokenGrantRequest` send and return
 * the raw response (suites validate its schema), `processTokenResponse` reads
 * it, and `exchangeCode` / `refreshTokens` do both.
 *
 * Client authentication is `client_secret_post`: the spec puts `client_id`
 * and `client_secret` in the form body (spec §4.1, RFC 6749 §2.3.1).
 *
 * @see RFC 6749 §4.1.3, §4.1.4, §5.1, §5.2, §6
 * @see spec §2 (token response), §4.1, §5.5, §5.8
 */
import { UpgradeGuardError } from '../errors.ts';
import type { HttpClient, HttpResponse } from '../http/client.ts';
import { isGatewayStatus } from '../http/gateway-status.ts';
import type { SecretRegistry } from '../http/redact.ts';
import type { VersionProfile } from '../profile/versions.ts';
import { endpointUrl, type CasAddress } from './endpoints.ts';

/**
 * The token endpoint of the target: `{auth_url}{profile.tokenPath}` (spec §4.1), or the instance's own
 * (TOKEN_ENDPOINT, AUTH_DISCOVERY; spec §4.1, last sentence).
 */
export function tokenEndpoint(profile: VersionProfile, cas: CasAddress | string): string {
  return endpointUrl(profile, typeof cas === 'string' ? { authUrl: cas } : cas, 'token');
}

/** A successful token response, read. */
export interface TokenSet {
  readonly accessToken: string;
  /** spec §2 lists it; RFC 6749 §5.1 makes it optional, so a response without one is still read (refresh then keeps the old one). */
  readonly refreshToken: string | undefined;
  /** As sent (`Bearer`, `bearer`); undefined when absent. See {@link isBearerTokenType}. */
  readonly tokenType: string | undefined;
  /** Seconds; undefined when the response has no usable `expires_in`. */
  readonly expiresIn: number | undefined;
  readonly scope?: string;
  /** Epoch ms when the response was read. */
  readonly obtainedAt: number;
  /** Epoch ms: obtainedAt + expiresIn; undefined when the lifetime is unknown. */
  readonly expiresAt: number | undefined;
}

/**
 * The token endpoint refused the request (RFC 6749 §5.2): code TOKEN_REFUSED,
 * with the OAuth `error` code and the HTTP status on the object so that a
 * suite can check "a refusal is a refusal" on `oauthError`, not on one status
 * (DESIGN.md "Facts about the real CAS").
 */
export class TokenEndpointError extends UpgradeGuardError {
  /** RFC 6749 §5.2 `error`, e.g. `invalid_grant`, `invalid_client`; undefined when the body had none. */
  readonly oauthError: string | undefined;
  readonly errorDescription: string | undefined;
  readonly status: number;

  constructor(message: string, details: { status: number; oauthError?: string | undefined; errorDescription?: string | undefined }, options?: { cause?: unknown }) {
    super('TOKEN_REFUSED', message, options);
    this.status = details.status;
    this.oauthError = details.oauthError;
    this.errorDescription = details.errorDescription;
  }
}

export function isTokenEndpointError(value: unknown): value is TokenEndpointError {
  return value instanceof TokenEndpointError;
}

export interface TokenRequestOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Once sent, not ended by RUN_TIMEOUT_S (src/http/client.ts `finishOnceSent`): the answer spends something. */
  readonly finishOnceSent?: boolean;
}

/**
 * POSTs `fields` form-encoded to the token endpoint and returns the raw
 * response, whatever its status: for negative tests (wrong secret,
 * unsupported grant types, missing parameters). Every field value whose
 * name marks it as a secret is registered for redaction first.
 *
 * @see RFC 6749 §3.2
 */
export async function tokenRequest(client: HttpClient, endpoint: string | URL, fields: Readonly<Record<string, string>>, options: TokenRequestOptions = {}): Promise<HttpResponse> {
  for (const name of ['client_secret', 'code', 'refresh_token', 'password']) client.secrets.add(fields[name]);
  return client.request({
    method: 'POST',
    url: endpoint,
    form: fields,
    headers: { accept: 'application/json', ...options.headers },
    ...(options.finishOnceSent && { finishOnceSent: true }),
  });
}

export interface AuthorizationCodeGrantParams {
  readonly code: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Must equal the redirect URI of the authorization request (RFC 6749 §4.1.3). */
  readonly redirectUri: string;
}

/**
 * The access token request of the authorization code grant; raw response.
 *
 * @see RFC 6749 §4.1.3
 * @see spec §4.1, §5.5
 */
export function authorizationCodeGrantRequest(client: HttpClient, endpoint: string | URL, params: AuthorizationCodeGrantParams): Promise<HttpResponse> {
  return tokenRequest(client, endpoint, {
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    client_id: params.clientId,
    client_secret: params.clientSecret,
  });
}

export interface RefreshTokenGrantParams {
  readonly refreshToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * The refresh request; raw response. The spec's refresh rotates: a new pair
 * is issued and the old refresh token expires (spec §5.8, §8).
 *
 * @see RFC 6749 §6
 * @see spec §4.1, §5.8
 */
export function refreshTokenGrantRequest(client: HttpClient, endpoint: string | URL, params: RefreshTokenGrantParams): Promise<HttpResponse> {
  // The old refresh token is spent once the endpoint answers (RFC 9700 §4.14.2): a rotated pair must reach the store.
  return tokenRequest(
    client,
    endpoint,
    { grant_type: 'refresh_token', refresh_token: params.refreshToken, client_id: params.clientId, client_secret: params.clientSecret },
    { finishOnceSent: true },
  );
}

/**
 * Code for tokens: {@link authorizationCodeGrantRequest} then {@link processTokenResponse}.
 *
 * @see RFC 6749 §4.1.3, §4.1.4
 */
export async function exchangeCode(client: HttpClient, endpoint: string | URL, params: AuthorizationCodeGrantParams): Promise<TokenSet> {
  return processTokenResponse(await authorizationCodeGrantRequest(client, endpoint, params), { secrets: client.secrets });
}

/**
 * Refresh token for a new pair: {@link refreshTokenGrantRequest} then {@link processTokenResponse}.
 *
 * @see RFC 6749 §6
 */
export async function refreshTokens(client: HttpClient, endpoint: string | URL, params: RefreshTokenGrantParams): Promise<TokenSet> {
  return processTokenResponse(await refreshTokenGrantRequest(client, endpoint, params), { secrets: client.secrets });
}

export interface ProcessTokenResponseOptions {
  /** Where the tokens are registered for redaction: the client's registry (`client.secrets`). */
  readonly secrets: SecretRegistry;
  /** Clock, epoch ms (tests). */
  readonly now?: number;
  /**
   * Refuse (TARGET_MALFORMED) a `token_type` that is not bearer. Off by
   * default: the suite's token-type check reports that deviation by name,
   * and every other check must still get a token to run with (the kill
   * matrix's `token-type-not-bearer` fault).
   */
  readonly requireBearer?: boolean;
}

/**
 * Whether a `token_type` says bearer, compared case-insensitively: the vendor
 * writes `Bearer`, RFC 6750 registers `bearer`, and token types are
 * case-insensitive.
 *
 * @see RFC 6749 §5.1, §7.1
 * @see RFC 6750 §6.1.1
 */
export function isBearerTokenType(tokenType: unknown): boolean {
  return typeof tokenType === 'string' && tokenType.toLowerCase() === 'bearer';
}

/**
 * Reads a token endpoint response.
 *
 * - An OAuth error body (RFC 6749 §5.2) or any other non-2xx status: TokenEndpointError (TOKEN_REFUSED) with `oauthError` and `status`.
 * - 502, 503 or 504 without an OAuth error body: a gateway's page, TARGET_UNREACHABLE.
 * - A 2xx whose body is not a JSON object or lacks `access_token`: TARGET_MALFORMED.
 * - `token_type` is compared with bearer case-insensitively (the vendor writes
 *   `Bearer`), and only refused with `requireBearer`.
 * - Extra members (`id_token`, …) are tolerated, a missing or odd
 *   `expires_in` too: the schema is the suites' business (schemas/token-response),
 *   and a deviation must fail its own check, not every check that needs a token.
 *
 * Tokens are registered for redaction the moment they are read.
 *
 * @see RFC 6749 §5.1, §5.2, §7.1
 * @see spec §2
 */
export function processTokenResponse(response: HttpResponse, options: ProcessTokenResponseOptions): TokenSet {
  const { secrets } = options;
  const where = describe(response);
  const body = parseObject(response.text);
  if (body) for (const name of ['access_token', 'refresh_token', 'id_token']) registerString(secrets, body[name]);

  const success = response.status >= 200 && response.status < 300;
  const oauthError = body && typeof body.error === 'string' ? body.error : undefined;
  // A gateway's error page is the way to the CAS failing, not the CAS refusing (RFC 9110 §15.6.3–§15.6.5).
  if (!success && oauthError === undefined && isGatewayStatus(response.status)) {
    throw new UpgradeGuardError('TARGET_UNREACHABLE', `${where} answered HTTP ${response.status} without an OAuth error: a gateway or the CAS is down, not a refusal; check AUTH_URL and that the CAS is up`);
  }
  if (!success || oauthError !== undefined) {
    const errorDescription = body && typeof body.error_description === 'string' ? secrets.scrub(body.error_description) : undefined;
    const detail = oauthError ? `error "${oauthError}"${errorDescription ? ` (${errorDescription})` : ''}` : body ? 'no OAuth error code in the body' : 'a body that is not a JSON object';
    throw new TokenEndpointError(`${where} refused the request: HTTP ${response.status}, ${detail} (RFC 6749 §5.2)`, { status: response.status, oauthError, errorDescription });
  }
  if (!body) {
    const preview = secrets.scrub(response.text.slice(0, 80)).replace(/\s+/g, ' ');
    throw new UpgradeGuardError('TARGET_MALFORMED', `${where} answered ${response.status} with a body that is not a JSON object: "${preview}" (spec §2)`);
  }
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new UpgradeGuardError('TARGET_MALFORMED', `${where} answered ${response.status} without an access_token (RFC 6749 §5.1, spec §2); members: ${Object.keys(body).join(', ') || 'none'}`);
  }
  const tokenType = typeof body.token_type === 'string' ? body.token_type : undefined;
  if (options.requireBearer && !isBearerTokenType(tokenType)) {
    throw new UpgradeGuardError('TARGET_MALFORMED', `${where} answered with token_type ${JSON.stringify(body.token_type ?? null)}, not bearer (RFC 6750 §6.1.1, spec §2)`);
  }
  const refreshToken = typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : undefined;
  const expiresIn = readSeconds(body.expires_in);
  const obtainedAt = options.now ?? Date.now();
  return {
    accessToken,
    refreshToken,
    tokenType,
    expiresIn,
    ...(typeof body.scope === 'string' && { scope: body.scope }),
    obtainedAt,
    expiresAt: expiresIn === undefined ? undefined : obtainedAt + expiresIn * 1000,
  };
}

function describe(response: HttpResponse): string {
  const url = new URL(response.url);
  return `the token endpoint POST ${url.origin}${url.pathname}`;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function registerString(secrets: SecretRegistry, value: unknown): void {
  if (typeof value === 'string') secrets.add(value);
}

/** `expires_in` as seconds: a non-negative number, or a digit string (lenient: the schema check reports the type). */
function readSeconds(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}
