import { createHmac } from 'node:crypto';

export interface IdTokenClaims {
  readonly issuer: string;
  readonly subject: string;
  readonly audience: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

/**
 * The `id_token` the vendor's CAS adds to token responses (DESIGN.md "Facts
 * about the real CAS"): a compact JWS signed HS256 with the client secret as
 * key, which OpenID Connect Core §10.1 allows for confidential clients. The
 * suite does not read it; it must only survive the extra member.
 */
export function idToken(claims: IdTokenClaims, clientSecret: string): string {
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({
    iss: claims.issuer,
    sub: claims.subject,
    aud: claims.audience,
    iat: Math.floor(claims.issuedAt / 1000),
    exp: Math.floor(claims.expiresAt / 1000),
  });
  const signature = createHmac('sha256', clientSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
