import type { FaultSet } from '../faults/index.ts';
import type { SimVersion } from '../version.ts';
import type { AuthorizationRequest } from './authorization-requests.ts';
import { oauthParameter, repeatedParameter } from './parameters.ts';
import type { RegisteredClient } from './registered-client.ts';

/** `state` is a string of 8 characters (spec §5.4, §8). */
const stateLength = 8;

/** The only scope the 7.4 flow grants (spec §4.1). */
const openidScope = 'openid';

export interface AuthorizationError {
  readonly error: string;
  readonly description: string;
}

export type AuthorizationValidation =
  | { readonly kind: 'valid'; readonly request: AuthorizationRequest }
  /** Client or redirect URI cannot be trusted: tell the user, never redirect (RFC 6749 §4.1.2.1). */
  | ({ readonly kind: 'untrusted' } & AuthorizationError)
  /** Redirect URI is the registered one: the error goes back to the client (RFC 6749 §4.1.2.1). */
  | ({ readonly kind: 'refused'; readonly redirectUri: string; readonly state: string | undefined } & AuthorizationError);

type VersionRule = (query: URLSearchParams, faults: FaultSet) => AuthorizationError | undefined;

/**
 * The parameters that differ by version (spec §9.1: `scope` versus
 * `response_mode`). A parameter of the other version is ignored, as an OAuth
 * server ignores unrecognised parameters (RFC 6749 §3.1).
 */
const versionRules: Readonly<Record<SimVersion, VersionRule>> = {
  // Spec §4.1: scope required, value openid; §7: a scope error is reported at the authorization step.
  '7.4': (query, faults) => {
    if (oauthParameter(query, 'scope') === openidScope) return undefined;
    if (faults.has('scope-error-not-reported')) return undefined;
    return { error: 'invalid_scope', description: `scope is required and must be "${openidScope}"` };
  },
  // Spec §4.1: response_mode required, value query (OAuth 2.0 Multiple Response Types §2.1).
  '8.0': (query, faults) => {
    const responseMode = oauthParameter(query, 'response_mode');
    if (responseMode === undefined && !faults.has('missing-param-accepted')) {
      return { error: 'invalid_request', description: 'response_mode is missing' };
    }
    if (responseMode !== undefined && responseMode !== 'query') {
      return { error: 'invalid_request', description: 'response_mode must be "query"' };
    }
    return undefined;
  },
};

/**
 * Checks an authorization request (spec §4.1), in the order RFC 6749
 * §4.1.2.1 requires: first whether the client and its redirect URI can be
 * trusted, then everything else, reported to that redirect URI.
 */
export function validateAuthorizationRequest(
  version: SimVersion,
  query: URLSearchParams,
  client: RegisteredClient,
  faults: FaultSet,
): AuthorizationValidation {
  const clientId = oauthParameter(query, 'client_id');
  if (clientId === undefined) return untrusted('invalid_request', 'client_id is missing');
  if (clientId !== client.clientId) return untrusted('invalid_client', 'The application is not registered with this service.');

  const redirectUri = oauthParameter(query, 'redirect_uri');
  if (redirectUri === undefined) return untrusted('invalid_request', 'redirect_uri is missing');
  const state = oauthParameter(query, 'state');
  const refuse = (error: string, description: string): AuthorizationValidation => ({ kind: 'refused', redirectUri, state, error, description });

  // Exact string comparison with the registered value (spec §4.1, RFC 9700 §4.1.3).
  if (redirectUri !== client.redirectUri) {
    // Faulty: redirecting to an unregistered URI makes the CAS an open redirector (RFC 9700 §4.11).
    if (faults.has('unregistered-redirect-followed') && URL.canParse(redirectUri)) return refuse('invalid_request', 'redirect_uri is not registered');
    return untrusted('invalid_request', 'redirect_uri is not the one registered for the application.');
  }

  const repeated = repeatedParameter(query);
  if (repeated !== undefined) return refuse('invalid_request', `${repeated} is given more than once`);

  const responseType = oauthParameter(query, 'response_type');
  if (responseType === undefined && !faults.has('missing-param-accepted')) return refuse('invalid_request', 'response_type is missing');
  if (responseType !== undefined && responseType !== 'code') return refuse('unsupported_response_type', 'response_type must be "code"');

  if (state === undefined && !faults.has('missing-param-accepted')) return refuse('invalid_request', 'state is missing');
  if (state !== undefined && state.length !== stateLength) return refuse('invalid_request', `state must be ${stateLength} characters`);

  const versionError = versionRules[version](query, faults);
  if (versionError) return refuse(versionError.error, versionError.description);

  return { kind: 'valid', request: { clientId, redirectUri, state, scope: openidScope } };
}

function untrusted(error: string, description: string): AuthorizationValidation {
  return { kind: 'untrusted', error, description };
}
