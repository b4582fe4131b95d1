/**
 * The `state` parameter of the authorization request: generated fresh for
 * every request and checked on the way back.
 *
 * @see RFC 6749 §4.1.1, §10.12 (CSRF protection through `state`)
 * @see spec §5.4, §8: `state` is a string of 8 characters
 */
import { randomBytes } from 'node:crypto';
import { UpgradeGuardError } from '../errors.ts';

/** spec §8: the `state` parameter is 8 characters long. */
export const STATE_LENGTH = 8;

/** The URL-safe alphabet of RFC 4648 §5: no character needs percent-encoding in a query. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A random `state` of {@link STATE_LENGTH} characters from a CSPRNG. The
 * alphabet has 64 characters, so `byte & 63` picks each one without bias
 * (48 bits of entropy for 8 characters).
 *
 * @see RFC 6749 §10.10 (credentials guessing: use a CSPRNG)
 */
export function generateState(length: number = STATE_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`state length must be a positive integer, got ${length}`);
  const bytes = randomBytes(length);
  let state = '';
  for (const byte of bytes) state += alphabet[byte & 63];
  return state;
}

/**
 * Checks that the redirect echoed the `state` of the authorization request
 * unchanged; throws LOGIN_FAILED otherwise. `state` is not a secret, so the
 * message shows both values.
 *
 * @see RFC 6749 §4.1.2 ("REQUIRED if the state parameter was present in the client authorization request")
 * @see spec §5.3, §5.4
 */
export function expectStateEcho(sent: string, received: string | null | undefined): void {
  if (received === null || received === undefined) {
    throw new UpgradeGuardError('LOGIN_FAILED', `the redirect to REDIRECT_URI carried no state; the authorization request sent "${sent}" (spec §5.3, RFC 6749 §4.1.2)`);
  }
  if (received !== sent) {
    throw new UpgradeGuardError('LOGIN_FAILED', `the redirect to REDIRECT_URI carried state "${received}", not the "${sent}" the authorization request sent (spec §5.4, RFC 6749 §10.12)`);
  }
}
