/**
 * The verdict on a token request the token endpoint must refuse (a required
 * form field left out, a reused code, an unsupported grant): the failure says
 * what the endpoint did and which rule it broke, never `expected true to be false`.
 */
import { targetBreak } from '../../src/check/failure.ts';

/** What a refusal showed: its status, its OAuth `error`, and whether tokens came back anyway. */
export interface TokenRefusal {
  readonly status: number;
  readonly error: string | undefined;
  readonly issuedToken: boolean;
}

/**
 * The problem with an answer to `request` (`a code exchange without redirect_uri`)
 * that `rule` (`RFC 6749 §4.1.3 and spec §4.1 require it`) says must be refused;
 * undefined when it was refused with an error status (RFC 6749 §5.2: 400, or 401 for the client).
 */
export function tokenRefusalProblem(refusal: TokenRefusal, request: string, rule: string): string | undefined {
  if (refusal.issuedToken) return `the token endpoint issued tokens (HTTP ${refusal.status}) for ${request}; ${rule}`;
  if (refusal.status < 400) return `the token endpoint answered HTTP ${refusal.status} without tokens for ${request}; a refusal is an error status (RFC 6749 §5.2); ${rule}`;
  return undefined;
}

/** Fails the check, as the target's break, where `tokenRefusalProblem` finds one. */
export function expectTokenRefusal(refusal: TokenRefusal, request: string, rule: string): void {
  const problem = tokenRefusalProblem(refusal, request, rule);
  if (problem !== undefined) throw targetBreak(problem);
}
