/**
 * The platform's module APIs as the suites and the Pact consumer tests call
 * them: a base URL, a path template with the spec's `{name}` placeholders,
 * and a bearer token from a token source (spec §5.6). Everything goes
 * through the one HttpClient, so the concurrency bound, timeouts and
 * redaction apply.
 */
import type { HttpClient, HttpMethod, HttpRequest, HttpResponse } from '../http/client.ts';
import { UpgradeGuardError } from '../errors.ts';
import { currentExchangeLog } from '../http/exchange-scope.ts';
import { pathVersionFor, type PathVersions } from '../catalog/path-versions.ts';

export interface TokenSource {
  accessToken(): Promise<string>;
  /**
   * After a 403 for `refused`: the token to send once more with when `refused` was at or near its expiry
   * (src/auth/token-manager.ts), else undefined. Without it, a 403 is final.
   */
  renewRefused?(refused: string): Promise<string | undefined>;
  /** Whether `token` is still the current token and outside its refresh margin (spec §5.8); without it, taken as fresh. */
  isFresh?(token: string): boolean;
}

export interface ApiCall {
  readonly method: HttpMethod;
  /** Path template below the base URL, e.g. `/rest/mp/v1.1/assets/{assetId}`; `{version}` is filled from the target's path versions. */
  readonly path: string;
  readonly pathParams?: Readonly<Record<string, string | number>>;
  readonly query?: HttpRequest['query'];
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export class PlatformApi {
  readonly http: HttpClient;
  readonly baseUrl: string;
  readonly #tokens: TokenSource | undefined;
  readonly #pathVersions: PathVersions;
  readonly #extraHeaders: Readonly<Record<string, string>>;

  /** `extraHeaders`: EXTRA_HEADERS, on every call (a call's own header of the same name wins). */
  constructor(http: HttpClient, baseUrl: string, tokens?: TokenSource, pathVersions: PathVersions = {}, extraHeaders: Readonly<Record<string, string>> = {}) {
    this.http = http;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#tokens = tokens;
    this.#pathVersions = pathVersions;
    this.#extraHeaders = extraHeaders;
  }

  /** The same API as another user (the limited user of the role checks). */
  as(tokens: TokenSource): PlatformApi {
    return new PlatformApi(this.http, this.baseUrl, tokens, this.#pathVersions, this.#extraHeaders);
  }

  #withPathVersion(call: ApiCall): Readonly<Record<string, string | number>> {
    return withPathVersionOf(call, this.#pathVersions);
  }

  /**
   * A token from the source that expired in flight is not the target's verdict: an expired token gets 403
   * (spec §5.7), and a client refreshes near expiry (spec §5.8). Such a 403 is answered with one refresh and one more
   * attempt, noted on the check's exchange log (the check is then reported flaky, src/check/check.ts). A 403 for a
   * fresh token, or for a token the call brought itself (an `authorization` header), is final.
   */
  async call(call: ApiCall): Promise<HttpResponse> {
    const own = call.headers?.authorization === undefined ? this.#tokens : undefined;
    const token = own ? await own.accessToken() : undefined;
    const response = await this.#send(call, token);
    if (response.status !== 403 || !own?.renewRefused || token === undefined) return response;
    const renewed = await own.renewRefused(token);
    if (renewed === undefined) return response;
    const path = expandPath(call.path, this.#withPathVersion(call));
    (currentExchangeLog() ?? this.http.log).noteTokenRenewal(`${call.method} ${path}`);
    return this.#send(call, renewed);
  }

  #send(call: ApiCall, token: string | undefined): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...this.#extraHeaders, ...call.headers };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    return this.http.request({
      method: call.method,
      url: `${this.baseUrl}${expandPath(call.path, this.#withPathVersion(call))}`,
      headers,
      ...(call.query !== undefined && { query: call.query }),
      ...(call.json !== undefined && { json: call.json }),
    });
  }
}

/** The call's path values, with `{version}` (spec §9.2) where the path has it and the call gives none. */
function withPathVersionOf(call: ApiCall, pathVersions: PathVersions): Readonly<Record<string, string | number>> {
  const values = call.pathParams ?? {};
  if (!call.path.includes('{version}') || values.version !== undefined) return values;
  const version = pathVersionFor(call.path, pathVersions);
  return version === undefined ? values : { ...values, version };
}

/** Fills `{name}` placeholders, URL-encoding each value; a missing value is a programming error. */
export function expandPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new UpgradeGuardError('INTERNAL', `no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
