import type { IncomingHttpHeaders } from 'node:http';

/** The value of one cookie from the request's Cookie header (RFC 6265 §5.4). */
export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = headers.cookie;
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * A session cookie for the CAS pages: HttpOnly so scripts cannot read it,
 * SameSite=Lax so a cross-site form post does not carry it, scoped to the CAS.
 * Not Secure: the simulator serves plain HTTP on loopback.
 */
export function sessionCookie(name: string, value: string, path: string): string {
  return `${name}=${value}; Path=${path}; HttpOnly; SameSite=Lax`;
}
