/**
 * The login driver's cookie jar: the CAS keeps its login session in cookies
 * between the login form, the consent screen and the redirect. Storage and
 * matching are tough-cookie's (RFC 6265: domain and path matching, Secure,
 * expiry, the public-suffix list); this class only adapts it to the
 * driver's response headers and the `Cookie` request header.
 *
 * @see RFC 6265 §5.3 (storage model), §5.4 (the Cookie header)
 */
import { Cookie, CookieJar as ToughCookieJar } from 'tough-cookie';

export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

export class CookieJar {
  // Special-use names (`localhost`, `*.example`) are allowed: the embedded platform and test doubles live there.
  readonly #jar = new ToughCookieJar(undefined, { allowSpecialUseDomain: true });

  /** Number of unexpired cookies held. */
  get size(): number {
    // A deleting Set-Cookie (Max-Age=0, a past Expires) leaves an expired entry until the next lookup purges it.
    const now = Date.now();
    return (this.#jar.serializeSync()?.cookies ?? []).filter((json) => (Cookie.fromJSON(json)?.TTL(now) ?? 0) > 0).length;
  }

  /** Takes the Set-Cookie headers of a response from `url`. */
  store(url: string | URL, headers: ResponseHeaders): void {
    const raw = headers['set-cookie'];
    if (raw === undefined) return;
    for (const line of Array.isArray(raw) ? raw : [raw]) {
      // RFC 6265 §5.3: a cookie the user agent must ignore (a Domain that does not cover the host, say) is
      // dropped silently, as a browser drops it; it is not an error of the login.
      this.#jar.setCookieSync(line, url.toString(), { ignoreError: true });
    }
  }

  /** The `Cookie` header value for a request to `url`, or undefined when no cookie applies. */
  header(url: string | URL): string | undefined {
    const value = this.#jar.getCookieStringSync(url.toString());
    return value === '' ? undefined : value;
  }

  /** The cookies a request to `url` carries, longest path first (RFC 6265 §5.4 step 2). */
  cookies(url: string | URL): Array<{ name: string; value: string }> {
    return this.#jar.getCookiesSync(url.toString()).map(({ key, value }) => ({ name: key, value }));
  }

  clear(): void {
    this.#jar.removeAllCookiesSync();
  }
}
