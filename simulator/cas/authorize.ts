import { redirect, type Handler } from '../http/router.ts';
import { validateAuthorizationRequest } from './authorization-request-validation.ts';
import { authorizationResponseLocation } from './authorization-response.ts';
import type { CasContext } from './cas-context.ts';
import { errorPage } from './error-page.ts';
import { loginChallengeLocation } from './login.ts';
import { fullUser } from '../fixtures/users.ts';

/**
 * GET of the authorization endpoint (spec §4.1): a valid request opens a
 * browser session (cookie) and is sent on to the login challenge (spec §5.3),
 * which only that session may open, as OAuth servers commonly do; an invalid
 * one gets an error page or an error redirect (RFC 6749 §4.1.2.1).
 */
export function authorizationEndpoint(cas: CasContext): Handler {
  return (request) => {
    const validation = validateAuthorizationRequest(cas.version, request.query, cas.client, cas.faults);
    switch (validation.kind) {
      case 'untrusted':
        return errorPage(400, validation.error, validation.description);
      case 'refused': {
        const result = { error: validation.error, error_description: validation.description };
        const location = authorizationResponseLocation(validation.redirectUri, result, validation.state, cas.issuer(), cas.faults);
        return redirect(location, { 'cache-control': 'no-store' });
      }
      case 'valid': {
        if (cas.faults.has('login-challenge-skipped')) {
          const { clientId, redirectUri, state, scope } = validation.request;
          const code = cas.codes.issue({ clientId, redirectUri, login: fullUser.login, scope });
          return redirect(authorizationResponseLocation(redirectUri, { code }, state, cas.issuer(), cas.faults), { 'cache-control': 'no-store' });
        }
        const { session, setCookie } = cas.sessions.resume(request.headers);
        const pending = cas.pendingAuthorizations.start(validation.request, session.id);
        return redirect(loginChallengeLocation(pending.id), { 'cache-control': 'no-store', 'set-cookie': setCookie });
      }
    }
  };
}
