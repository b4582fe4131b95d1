import type { FaultDefinition } from './fault.ts';

/**
 * Faults of the central authentication service and the bearer guard (spec
 * §4.1, §5, §7, §8). Each is switched on at the one place where the platform
 * would deviate; `grep -rn "faults.has('<name>')" simulator` finds it.
 */
export const casFaults = {
  'state-not-echoed': {
    description: 'The redirect back to the client carries a different state value than the authorization request.',
    spec: '§4.1, §5.3',
    versions: ['7.4', '8.0'],
  },
  'code-reusable': {
    description: 'An authorization code can be exchanged for tokens more than once.',
    spec: '§4.1, §5.5',
    versions: ['7.4', '8.0'],
  },
  'code-not-bound-to-redirect': {
    description: 'The token endpoint accepts a redirect_uri different from the one the code was issued for.',
    spec: '§4.1, §7',
    versions: ['7.4', '8.0'],
  },
  'refresh-token-reusable': {
    description: 'A refresh token still works after it was rotated.',
    spec: '§4.1, §5.8, §8',
    versions: ['7.4', '8.0'],
  },
  'refresh-not-rotated': {
    description: 'A refresh returns the same refresh token instead of a completely new pair.',
    spec: '§4.1, §5.8',
    versions: ['7.4', '8.0'],
  },
  'refresh-family-not-revoked': {
    description: 'Reuse of a rotated refresh token is refused but the tokens descending from it keep working.',
    spec: '§5.8 (rotation); RFC 9700 §4.14.2',
    versions: ['7.4', '8.0'],
  },
  'expired-token-accepted': {
    description: 'The module APIs accept an expired access token.',
    spec: '§5.7, §7',
    versions: ['7.4', '8.0'],
  },
  'expired-token-401': {
    description: 'The module APIs answer an expired access token with 401 instead of 403.',
    spec: '§5.7, §7',
    versions: ['7.4', '8.0'],
  },
  'wrong-secret-accepted': {
    description: 'The token endpoint accepts a wrong client secret.',
    spec: '§4.1, §7',
    versions: ['7.4', '8.0'],
  },
  'wrong-secret-unauthorized-client': {
    description: 'The token endpoint refuses a wrong client secret with unauthorized_client instead of invalid_client, as Keycloak does.',
    spec: '§7; RFC 6749 §5.2',
    versions: ['7.4', '8.0'],
  },
  'unregistered-redirect-followed': {
    description: 'The authorization endpoint redirects to a redirect_uri that is not the registered one.',
    spec: '§4.1',
    versions: ['7.4', '8.0'],
  },
  'client-credentials-accepted': {
    description: 'The token endpoint issues tokens for the client_credentials grant.',
    spec: '§1, §5.9',
    versions: ['7.4', '8.0'],
  },
  'password-grant-accepted': {
    description: 'The token endpoint issues tokens for the password grant.',
    spec: '§1, §5.9',
    versions: ['7.4', '8.0'],
  },
  'bearer-case-sensitive': {
    description: 'The module APIs accept only the exact keyword "Bearer" in the Authorization header.',
    spec: '§5.6',
    versions: ['7.4', '8.0'],
  },
  'scope-error-not-reported': {
    description: 'An authorization request with a missing or wrong scope still yields a code.',
    spec: '§4.1, §7',
    versions: ['7.4'],
  },
  'missing-param-accepted': {
    description: 'An authorization request without a required parameter (state, response_type, response_mode) still proceeds.',
    spec: '§4.1, §5.4',
    versions: ['7.4', '8.0'],
  },
  'token-type-not-bearer': {
    description: 'The token response names a token_type other than bearer.',
    spec: '§2',
    versions: ['7.4', '8.0'],
  },
  'no-token-accepted': {
    description: 'The module APIs answer a request without an Authorization header.',
    spec: '§5.6',
    versions: ['7.4', '8.0'],
  },
  'garbage-token-accepted': {
    description: 'The module APIs accept an access token the CAS never issued.',
    spec: '§5.6',
    versions: ['7.4', '8.0'],
  },
  'new-token-rejected-after-refresh': {
    description: 'An access token obtained by a refresh is refused by the module APIs with 401.',
    spec: '§5.8',
    versions: ['7.4', '8.0'],
  },
  'login-challenge-skipped': {
    description: 'A valid authorization request is answered with the redirect and a code at once, without a login challenge.',
    spec: '§4.1, §5.3',
    versions: ['7.4', '8.0'],
  },
  'token-redirect-uri-optional': {
    description: 'The token endpoint exchanges a code without the redirect_uri form field.',
    spec: '§4.1',
    versions: ['7.4', '8.0'],
  },
  'expires-in-missing': {
    description: 'The token response has no expires_in.',
    spec: '§2, §8',
    versions: ['7.4', '8.0'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
