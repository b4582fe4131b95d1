/**
 * A small stand-in for the platform's module APIs as a resource server of
 * the independent CAS: it validates the CAS's JWT access tokens itself
 * (RFC 9068, with panva's `jose`), with the clock-skew leeway resource
 * servers commonly allow, and serves the one endpoint the auth suites call.
 *
 * - no token, or one it cannot verify: 401 (RFC 6750 §3.1);
 * - a token past `exp` + leeway: 403, as spec §5.7 requires of the platform, or 401 as Keycloak answers (option);
 * - the keyword of the Authorization header in any case (RFC 9110 §11.1, spec §5.6).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, jwtVerify, type CryptoKey, type KeyObject } from 'jose';

export interface ResourceServerOptions {
  /** The CAS's issuer identifier (AUTH_URL). */
  readonly issuer: string;
  /** The platform's own identifier as a resource (BASE_URL). */
  readonly audience: string;
  readonly verificationKey: CryptoKey | KeyObject;
  readonly leewaySeconds: number;
  /**
   * How an expired token is answered: 403, as spec §5.7 requires of the platform (the default), or as Keycloak and
   * Spring resource servers do by default, 401 with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1).
   */
  readonly expiredAnswer?: 'spec-403' | 'rfc6750-401';
  /** A header every call must carry besides the token, as the 8.0 guide's user-context calls need X-User-Login. */
  readonly userContextHeader?: string;
}

/** Spec §4.2: the job module's my-active dashboard, in both versions. */
const servedPaths = new Set(['/dse/rest/v1.0/dashboards/my-active']);

export function resourceServer(options: ResourceServerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://platform').pathname;
    if (req.method !== 'GET' || !servedPaths.has(path)) return json(res, 404, { message: 'not found' });
    if (options.userContextHeader && !req.headers[options.userContextHeader.toLowerCase()]) return json(res, 400, { message: `${options.userContextHeader} is required` });
    const token = /^bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return json(res, 401, { message: 'authentication required' }, 'Bearer');
    try {
      await jwtVerify(token, options.verificationKey, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        clockTolerance: options.leewaySeconds,
      });
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        if (options.expiredAnswer === 'rfc6750-401') return json(res, 401, { error: 'invalid_token' }, 'Bearer error="invalid_token", error_description="Token expired", error_uri="https://tools.ietf.org/html/rfc6750#section-3.1"');
        return json(res, 403, { message: 'access token expired' });
      }
      return json(res, 401, { message: 'invalid access token' }, 'Bearer error="invalid_token"');
    }
    json(res, 200, { items: [] });
  };
}

function json(res: ServerResponse, status: number, body: unknown, challenge?: string): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(challenge && { 'www-authenticate': challenge }) });
  res.end(JSON.stringify(body));
}
