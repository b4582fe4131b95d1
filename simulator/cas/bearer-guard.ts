/**
 * The resource-server side of the module APIs: every route with bearer
 * access needs `Authorization: Bearer <token>` (spec §5.6) with a token the
 * CAS issued, still valid, of a user holding the route's roles.
 *
 *  - no or unusable credentials, unknown or revoked token: 401 (RFC 6750 §3.1)
 *  - expired token: 403, always (spec §5.7, §7)
 *  - missing role: 403 insufficient_scope (RFC 6750 §3.1)
 */
import type { IncomingHttpHeaders } from 'node:http';
import { findUser } from './accounts.ts';
import type { AccessTokenStatus } from './token-state.ts';
import type { FaultSet } from '../faults/index.ts';
import { fullUser, type SeedUser } from '../fixtures/users.ts';
import type { BearerCheck } from '../http/dispatch.ts';
import type { Principal } from '../http/router.ts';

export interface AccessTokenIntrospection {
  introspectAccessToken(accessToken: string): AccessTokenStatus;
}

const realm = 'realm="platform"';

/** The `expired-token-grace` quirk's leeway. */
const EXPIRY_GRACE_MS = 1000;

/** RFC 6750 §2.1: the keyword, one space, a b64token. The keyword is accepted in either case (spec §5.6). */
const credentialsPattern = /^([A-Za-z]+) ([A-Za-z0-9\-._~+/]+=*)$/;

export function checkBearer(
  headers: IncomingHttpHeaders,
  roles: readonly string[],
  tokens: AccessTokenIntrospection,
  faults: FaultSet,
  now: () => number = Date.now,
): BearerCheck {
  const authorization = headers.authorization;
  if (authorization === undefined) {
    if (faults.has('no-token-accepted')) return authorize(fullUser, roles);
    // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
    return { kind: 'refused', status: 401, challenge: `Bearer ${realm}`, message: 'Full authentication is required to access this resource' };
  }

  const credentials = credentialsPattern.exec(authorization);
  const scheme = credentials?.[1];
  const accessToken = credentials?.[2];
  if (scheme === undefined || accessToken === undefined || scheme.toLowerCase() !== 'bearer') {
    return invalidToken(401, 'The Authorization header is not a bearer token');
  }
  if (faults.has('bearer-case-sensitive') && scheme !== 'Bearer') return invalidToken(401, 'The Authorization header is not a bearer token');

  const status = tokens.introspectAccessToken(accessToken);
  switch (status.kind) {
    case 'unknown':
      if (faults.has('garbage-token-accepted')) return authorize(fullUser, roles);
      return invalidToken(401, 'The access token is not valid');
    case 'revoked':
      return invalidToken(401, 'The access token was revoked');
    case 'expired':
      if (faults.has('expired-token-accepted')) return authorizeLogin(status.token.subject.login, roles);
      // A resource server's clock-skew leeway past exp (RFC 7519 §4.1.4), within what the suite allows (EXPIRY_LEEWAY_S).
      if (faults.has('expired-token-grace') && now() < status.token.expiresAt + EXPIRY_GRACE_MS) return authorizeLogin(status.token.subject.login, roles);
      if (faults.has('expired-token-401')) return invalidToken(401, 'The access token expired');
      return invalidToken(403, 'The access token expired');
    case 'active':
      if (status.token.origin === 'refresh_token' && faults.has('new-token-rejected-after-refresh')) {
        return invalidToken(401, 'The access token is not valid');
      }
      return authorizeLogin(status.token.subject.login, roles);
  }
}

function authorizeLogin(login: string, roles: readonly string[]): BearerCheck {
  const user = findUser(login);
  return user === undefined ? invalidToken(401, 'The access token names no user') : authorize(user, roles);
}

function authorize(user: SeedUser, roles: readonly string[]): BearerCheck {
  const principal: Principal = { userId: user.id, uuid: user.uuid, login: user.login, roles: new Set(user.roles) };
  const missing = roles.filter((role) => !principal.roles.has(role));
  if (missing.length > 0) {
    return {
      kind: 'refused',
      status: 403,
      challenge: `Bearer ${realm}, error="insufficient_scope", error_description="The user lacks a required role"`,
      message: `Access is denied: role ${missing.join(', ')} required`,
    };
  }
  return { kind: 'allowed', principal };
}

function invalidToken(status: 401 | 403, description: string): BearerCheck {
  return { kind: 'refused', status, challenge: `Bearer ${realm}, error="invalid_token", error_description="${description}"`, message: description };
}
