import { json, type SimResponse } from '../http/router.ts';
import { findUser } from './accounts.ts';
import type { CasContext } from './cas-context.ts';
import { idToken } from './id-token.ts';
import { noStoreHeaders } from './oauth-error.ts';
import type { IssuedTokens } from './token-state.ts';

/**
 * A successful token response (spec §2 "Token response", RFC 6749 §5.1),
 * spelled as the vendor's CAS does: `token_type` "Bearer" and an extra
 * `id_token` (DESIGN.md "Facts about the real CAS").
 */
export function tokenResponse(issued: IssuedTokens, cas: CasContext): SimResponse {
  const subject = findUser(issued.subject.login)?.uuid ?? issued.subject.login;
  const body = {
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    token_type: cas.faults.has('token-type-not-bearer') ? 'mac' : 'Bearer',
    ...(cas.faults.has('expires-in-missing') ? {} : { expires_in: issued.expiresIn }),
    scope: issued.subject.scope,
    id_token: idToken(
      {
        issuer: cas.issuer(),
        subject,
        audience: issued.subject.clientId,
        issuedAt: issued.issuedAt,
        expiresAt: issued.issuedAt + issued.expiresIn * 1000,
      },
      cas.client.clientSecret,
    ),
  };
  return json(200, body, { ...noStoreHeaders });
}
