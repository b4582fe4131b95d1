import type { Handler } from '../http/router.ts';
import type { CasContext } from './cas-context.ts';
import { authenticateClient, presentedClientCredentials } from './client-authentication.ts';
import { authorizationCodeGrant } from './grants/authorization-code.ts';
import type { Grant } from './grants/grant.ts';
import { refreshTokenGrant } from './grants/refresh-token.ts';
import { clientCredentialsGrant, passwordGrant } from './grants/unsupported.ts';
import { tokenError } from './oauth-error.ts';
import { oauthParameter, repeatedParameter } from './parameters.ts';

/** The grant types the CAS supports: Authorization Code and its refresh (spec §1, §5.9). */
const supportedGrants: ReadonlyMap<string, Grant> = new Map([
  ['authorization_code', authorizationCodeGrant],
  ['refresh_token', refreshTokenGrant],
]);

function grantFor(grantType: string, cas: CasContext): Grant | undefined {
  if (grantType === 'client_credentials' && cas.faults.has('client-credentials-accepted')) return clientCredentialsGrant;
  if (grantType === 'password' && cas.faults.has('password-grant-accepted')) return passwordGrant;
  return supportedGrants.get(grantType);
}

/**
 * POST {auth_url}/api/v1.1/token, the same in both versions (spec §4.1).
 * Form-encoded (RFC 6749 §3.2); answers a token response or an OAuth error
 * (RFC 6749 §5.1, §5.2).
 */
export function tokenEndpoint(cas: CasContext): Handler {
  return (request) => {
    if (!(request.body instanceof URLSearchParams)) {
      return tokenError('invalid_request', 'The token endpoint takes an application/x-www-form-urlencoded body');
    }
    const form = request.body;
    const repeated = repeatedParameter(form);
    if (repeated !== undefined) return tokenError('invalid_request', `${repeated} is given more than once`);

    const grantType = oauthParameter(form, 'grant_type');
    if (grantType === undefined) return tokenError('invalid_request', 'Missing required field(s): grant_type');
    const grant = grantFor(grantType, cas);
    if (grant === undefined) return tokenError('unsupported_grant_type', `grant_type ${grantType} is not supported`);

    const presented = presentedClientCredentials(request.headers, form);
    if (presented.kind === 'missing') return tokenError('invalid_request', 'Missing required field(s): client_id, client_secret');
    if (presented.kind === 'malformed') return tokenError('invalid_request', presented.description);
    const client = authenticateClient(cas.client, presented, cas.faults);
    if (client === undefined) {
      if (cas.faults.has('wrong-secret-unauthorized-client') && presented.clientId === cas.client.clientId) return tokenError('unauthorized_client', 'Invalid client or Invalid client credentials');
      return tokenError('invalid_client', 'Client authentication failed');
    }

    return grant({ form, client }, cas);
  };
}
