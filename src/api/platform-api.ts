/**
 * The platform's module APIs as the suites and the Pact consumer tests call
 * them: a base URL, a path template with the spec's `{name}` placeholders,
 * and a bearer token from a token source (spec §5.6). Everything goes
 * through the one HttpClient, so the concurrency bound, timeouts and
 * redaction apply.
 */
import type { HttpClient, HttpMethod, HttpRequest, HttpResponse } from '../http/client.ts';
import { UpgradeGuardError } from '../errors.ts';

export interface TokenSource {
  accessToken(): Promise<string>;
}

export interface ApiCall {
  readonly method: HttpMethod;
  /** Path template below the base URL, e.g. `/rest/mp/v1.1/assets/{assetId}`. */
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

  constructor(http: HttpClient, baseUrl: string, tokens?: TokenSource) {
    this.http = http;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#tokens = tokens;
  }

  /** The same API as another user (the limited user of the role checks). */
  as(tokens: TokenSource): PlatformApi {
    return new PlatformApi(this.http, this.baseUrl, tokens);
  }

  async call(call: ApiCall): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...call.headers };
    if (this.#tokens && headers.authorization === undefined) {
      headers.authorization = `Bearer ${await this.#tokens.accessToken()}`;
    }
    return this.http.request({
      method: call.method,
      url: `${this.baseUrl}${expandPath(call.path, call.pathParams ?? {})}`,
      headers,
      ...(call.query !== undefined && { query: call.query }),
      ...(call.json !== undefined && { json: call.json }),
    });
  }
}

/** Fills `{name}` placeholders, URL-encoding each value; a missing value is a programming error. */
export function expandPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new UpgradeGuardError('INTERNAL', `no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
