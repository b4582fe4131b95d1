import { html, type Handler } from '../http/router.ts';
import type { CasContext } from './cas-context.ts';
import { consentPage } from './consent-page.ts';
import { errorPage } from './error-page.ts';
import { checkFormSubmission } from './form-submission.ts';
import { formFields } from './form-fields.ts';
import { pageHeaders } from './html.ts';
import { loginPage } from './login-page.ts';
import { loginPath } from './paths.ts';

/** Where the authorization endpoint sends the browser for the login challenge of a pending request. */
export function loginChallengeLocation(authorizationRequestId: string): string {
  return `${loginPath}?${new URLSearchParams({ [formFields.authorizationRequest]: authorizationRequestId })}`;
}

/**
 * GET of the login challenge. Only the browser session that made the
 * authorization request may open it: without that session's cookie (or for
 * an unknown or expired request) the user gets an error page, 400.
 */
export function loginChallenge(cas: CasContext): Handler {
  return (request) => {
    const session = cas.sessions.find(request.headers);
    const pending = session && cas.pendingAuthorizations.find(request.query.get(formFields.authorizationRequest), session.id);
    if (session === undefined || pending === undefined) {
      return errorPage(400, 'invalid_request', 'The sign-in request is unknown or expired. Start again from the application.');
    }
    const markup = loginPage({ csrf: session.csrf, authorizationRequestId: pending.id, clientId: pending.request.clientId }, cas.loginPage);
    return html(200, markup, pageHeaders);
  };
}

/**
 * POST of the login form. Wrong credentials show the form again with a
 * message (no redirect, no hint which of the two was wrong); right ones lead
 * to the consent screen, as the vendor's CAS does (DESIGN.md).
 */
export function loginSubmission(cas: CasContext): Handler {
  return (request) => {
    const submission = checkFormSubmission(request, cas);
    if (!submission.ok) return submission.response;
    const { form, session, pending } = submission;

    const username = form.get(formFields.username) ?? '';
    const user = cas.accounts.verifyPassword(username, form.get(formFields.password) ?? '');
    if (user === undefined) {
      const markup = loginPage({
        csrf: session.csrf,
        authorizationRequestId: pending.id,
        clientId: pending.request.clientId,
        username,
        error: 'Invalid username or password.',
      }, cas.loginPage);
      return html(200, markup, pageHeaders);
    }

    pending.authenticatedLogin = user.login;
    const markup = consentPage({
      csrf: session.csrf,
      authorizationRequestId: pending.id,
      clientId: pending.request.clientId,
      userDisplayName: `${user.firstName} ${user.lastName}`,
      scope: pending.request.scope,
    });
    return html(200, markup, pageHeaders);
  };
}
