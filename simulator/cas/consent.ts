import { redirect, type Handler } from '../http/router.ts';
import { authorizationResponseLocation } from './authorization-response.ts';
import type { CasContext } from './cas-context.ts';
import { errorPage } from './error-page.ts';
import { checkFormSubmission } from './form-submission.ts';
import { formFields } from './form-fields.ts';

/**
 * POST of the consent screen. Allow issues the authorization code and
 * redirects to the client with it and the unchanged `state` (spec §4.1,
 * §5.3); Deny redirects with `access_denied` (RFC 6749 §4.1.2.1).
 */
export function consentSubmission(cas: CasContext): Handler {
  return (request) => {
    const submission = checkFormSubmission(request, cas);
    if (!submission.ok) return submission.response;
    const { form, pending } = submission;
    const login = pending.authenticatedLogin;
    if (login === undefined) return errorPage(400, 'invalid_request', 'Sign in first. Start again from the application.');

    cas.pendingAuthorizations.finish(pending.id);
    const { clientId, redirectUri, state, scope } = pending.request;
    const result: Readonly<Record<string, string>> =
      form.get(formFields.consent) === 'deny'
        ? { error: 'access_denied', error_description: 'The user denied access' }
        : { code: cas.codes.issue({ clientId, redirectUri, login, scope }) };
    return redirect(authorizationResponseLocation(redirectUri, result, state, cas.issuer(), cas.faults), { 'cache-control': 'no-store' });
  };
}
