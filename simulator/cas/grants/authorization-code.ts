import { tokenError } from '../oauth-error.ts';
import { tokenResponse } from '../token-response.ts';
import { requireFields, type Grant } from './grant.ts';

/**
 * grant_type=authorization_code (spec §4.1, §5.5; RFC 6749 §4.1.3). A code is
 * single use, lives 60 seconds, and is bound to the client and the redirect
 * URI it was issued for.
 */
export const authorizationCodeGrant: Grant = ({ form, client }, cas) => {
  const fields = requireFields(form, cas.faults.has('token-redirect-uri-optional') ? ['code'] : ['code', 'redirect_uri']);
  if (!fields.ok) return fields.response;
  const { code } = fields.values;

  const record = cas.codes.find(code);
  if (record === undefined) return tokenError('invalid_grant', 'The authorization code is unknown');
  const redirectUri = form.get('redirect_uri') ?? record.grant.redirectUri;

  if (record.redeemedFamilyId !== undefined && !cas.faults.has('code-reusable')) {
    // RFC 6749 §4.1.2: a code used twice is refused, and the tokens issued for it should be revoked.
    cas.tokens.revokeFamily(record.redeemedFamilyId);
    return tokenError('invalid_grant', 'The authorization code was already used');
  }
  if (cas.codes.isExpired(record)) return tokenError('invalid_grant', 'The authorization code expired');
  if (record.grant.clientId !== client.clientId) return tokenError('invalid_grant', 'The authorization code was issued to another client');
  if (record.grant.redirectUri !== redirectUri && !cas.faults.has('code-not-bound-to-redirect')) {
    // RFC 6749 §4.1.3: redirect_uri must be identical to the one of the authorization request.
    return tokenError('invalid_grant', 'redirect_uri differs from the one the code was issued for');
  }

  const issued = cas.tokens.issueTokenPair(
    { clientId: client.clientId, login: record.grant.login, scope: record.grant.scope },
    'authorization_code',
  );
  record.redeemedFamilyId = issued.familyId;
  return tokenResponse(issued, cas);
};
