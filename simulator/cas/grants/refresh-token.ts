import { tokenError } from '../oauth-error.ts';
import { tokenResponse } from '../token-response.ts';
import { requireFields, type Grant } from './grant.ts';

/**
 * grant_type=refresh_token (spec §4.1, §5.8, §8; RFC 6749 §6). Every refresh
 * issues a completely new pair and the old refresh token dies. A rotated
 * refresh token presented again means two parties hold the chain, one of
 * them an attacker: the whole family is revoked (RFC 9700 §4.14.2).
 */
export const refreshTokenGrant: Grant = ({ form, client }, cas) => {
  const fields = requireFields(form, ['refresh_token']);
  if (!fields.ok) return fields.response;

  const found = cas.tokens.findRefreshToken(fields.values.refresh_token);
  if (found === undefined) return tokenError('invalid_grant', 'The refresh token is unknown');
  const { family, current } = found;
  if (family.subject.clientId !== client.clientId) return tokenError('invalid_grant', 'The refresh token was issued to another client');
  if (family.revoked) return tokenError('invalid_grant', 'The refresh token was revoked');

  if (!current && !cas.faults.has('refresh-token-reusable')) {
    if (!cas.faults.has('refresh-family-not-revoked')) cas.tokens.revokeFamily(family.id);
    return tokenError('invalid_grant', 'The refresh token was already used');
  }

  const issued = cas.tokens.rotateRefreshToken(family, { rotate: !cas.faults.has('refresh-not-rotated') });
  return tokenResponse(issued, cas);
};
