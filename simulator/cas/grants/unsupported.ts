import { fullUser } from '../../fixtures/users.ts';
import { tokenError } from '../oauth-error.ts';
import { tokenResponse } from '../token-response.ts';
import { requireFields, type Grant } from './grant.ts';

/*
 * Grants the CAS does not support (spec §1, §5.9: only Authorization Code
 * with refresh). They are reachable only through the faults
 * `client-credentials-accepted` and `password-grant-accepted`, and show what a
 * misconfigured CAS would do.
 */

/** RFC 6749 §4.4, issued as the app's owner, the full user. */
export const clientCredentialsGrant: Grant = ({ client }, cas) =>
  tokenResponse(cas.tokens.issueTokenPair({ clientId: client.clientId, login: fullUser.login, scope: 'openid' }, 'client_credentials'), cas);

/** RFC 6749 §4.3, the resource owner's password sent to the client. */
export const passwordGrant: Grant = ({ form, client }, cas) => {
  const fields = requireFields(form, ['username', 'password']);
  if (!fields.ok) return fields.response;
  const user = cas.accounts.verifyPassword(fields.values.username, fields.values.password);
  if (user === undefined) return tokenError('invalid_grant', 'The username or password is wrong');
  return tokenResponse(cas.tokens.issueTokenPair({ clientId: client.clientId, login: user.login, scope: 'openid' }, 'password'), cas);
};
