import type { FaultSet } from '../faults/index.ts';
import { randomToken } from './random.ts';

/**
 * The redirect back to the client (RFC 6749 §4.1.2 and §4.1.2.1): the
 * redirect URI with the code or the error, the client's `state` unchanged
 * (spec §5.3), and `iss`, the CAS's issuer identifier (RFC 9207 §2), which
 * the vendor's CAS adds too.
 */
export function authorizationResponseLocation(
  redirectUri: string,
  result: Readonly<Record<string, string>>,
  state: string | undefined,
  issuer: string,
  faults: FaultSet,
): string {
  const location = new URL(redirectUri);
  for (const [name, value] of Object.entries(result)) location.searchParams.set(name, value);
  if (state !== undefined) location.searchParams.set('state', faults.has('state-not-echoed') ? randomToken(6) : state);
  location.searchParams.set('iss', issuer);
  return location.href;
}
