/**
 * A small cookie jar for the login driver: the CAS keeps its login session
 * in cookies between the login form, the consent screen and the redirect.
 * Set-Cookie is parsed by undici's `getSetCookies`, not by hand.
 *
 * Deliberately rough: host-only and Domain cookies, path matching, Secure,
 * and deletion by `Max-Age<=0` or a past `Expires`. No public-suffix list,
 * no SameSite (the driver is the only "site").
 *
 * @see RFC 6265 §5.1.3 (domain matching), §5.1.4 (paths), §5.3 (storage model), §5.4 (the Cookie header)
 */
import { getSetCookies, Headers } from 'undici';

interface StoredCookie {
  readonly name: string;
  readonly value: string;
  /** Lower-case host, without a leading dot. */
  readonly domain: string;
  /** True when the cookie had no Domain attribute: only the exact host gets it back. */
  readonly hostOnly: boolean;
  readonly path: string;
  readonly secure: boolean;
}

export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Number of cookies held. */
  get size(): number {
    return this.#cookies.size;
  }

  /** Takes the Set-Cookie headers of a response from `url`. */
  store(url: string | URL, headers: ResponseHeaders): void {
    const from = new URL(url.toString());
    const raw = headers['set-cookie'];
    if (raw === undefined) return;
    const carrier = new Headers();
    for (const line of Array.isArray(raw) ? raw : [raw]) carrier.append('set-cookie', line);
    for (const cookie of getSetCookies(carrier)) {
      const host = from.hostname.toLowerCase();
      const domain = cookie.domain?.replace(/^\./, '').toLowerCase();
      // RFC 6265 §5.3 step 6: a Domain that does not cover the host is ignored.
      if (domain && !domainMatches(host, domain)) continue;
      const stored: StoredCookie = {
        name: cookie.name,
        value: cookie.value,
        domain: domain ?? host,
        hostOnly: !domain,
        path: cookie.path?.startsWith('/') ? cookie.path : defaultPath(from),
        secure: cookie.secure === true,
      };
      const key = `${stored.domain};${stored.path};${stored.name}`;
      if (isExpired(cookie.maxAge, cookie.expires)) this.#cookies.delete(key);
      else this.#cookies.set(key, stored);
    }
  }

  /** The `Cookie` header value for a request to `url`, or undefined when no cookie applies. */
  header(url: string | URL): string | undefined {
    const pairs = this.cookies(url).map(({ name, value }) => `${name}=${value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  /** The cookies a request to `url` carries, longest path first (RFC 6265 §5.4 step 2). */
  cookies(url: string | URL): Array<{ name: string; value: string }> {
    const to = new URL(url.toString());
    const host = to.hostname.toLowerCase();
    return [...this.#cookies.values()]
      .filter((cookie) => (cookie.hostOnly ? cookie.domain === host : domainMatches(host, cookie.domain)))
      .filter((cookie) => pathMatches(to.pathname, cookie.path))
      .filter((cookie) => !cookie.secure || to.protocol === 'https:')
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => ({ name, value }));
  }

  clear(): void {
    this.#cookies.clear();
  }
}

function isExpired(maxAge: number | undefined, expires: Date | number | undefined): boolean {
  if (maxAge !== undefined) return maxAge <= 0;
  if (expires !== undefined) return new Date(expires).getTime() <= Date.now();
  return false;
}

/** @see RFC 6265 §5.1.3 */
function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host));
}

/** @see RFC 6265 §5.1.4 */
function defaultPath(url: URL): string {
  const path = url.pathname;
  const lastSlash = path.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : path.slice(0, lastSlash);
}

/** @see RFC 6265 §5.1.4 */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
