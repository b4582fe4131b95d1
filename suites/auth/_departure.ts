/**
 * A check the target departs from fails with three things (DESIGN.md "Facts
 * about a real 8.0 instance"): what the target did, the spec section it
 * departs from, and what that means for an integration. A real instance that
 * does otherwise gets a finding a user can act on, never a bare `expected
 * true to be false`.
 */
export function departure(did: string, spec: string, meaning: string): string {
  return `the target ${did}, not what ${spec} says: ${meaning}`;
}

/** `Bearer error="invalid_token"` of a WWW-Authenticate challenge (RFC 6750 §3), without descriptions that vary by server. */
export function bearerChallenge(header: string | undefined): string | undefined {
  if (header === undefined || !/^\s*bearer\b/i.test(header)) return undefined;
  const error = /\berror="([^"]*)"/i.exec(header)?.[1];
  return error === undefined ? 'Bearer' : `Bearer error="${error}"`;
}
