import { randomBytes } from 'node:crypto';

/**
 * An unguessable opaque value (codes, tokens, session ids, CSRF values,
 * generated secrets): 32 random bytes, base64url, 43 characters.
 * RFC 6749 §10.10 asks for at least 128 bits of entropy; this has 256.
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
