import type { SimRequest, SimResponse } from '../http/router.ts';
import type { PendingAuthorization } from './authorization-requests.ts';
import type { CasContext } from './cas-context.ts';
import { errorPage } from './error-page.ts';
import { formFields } from './form-fields.ts';
import { csrfMatches, type BrowserSession } from './sessions.ts';

export type FormSubmission =
  | { readonly ok: true; readonly form: URLSearchParams; readonly session: BrowserSession; readonly pending: PendingAuthorization }
  | { readonly ok: false; readonly response: SimResponse };

/**
 * The checks every CAS form post passes first: it carries the session cookie
 * set with the login challenge, the session's CSRF value, and the id of a
 * pending authorization request of that session. Anything else is refused
 * with an error page, never a redirect.
 */
export function checkFormSubmission(request: SimRequest, cas: CasContext): FormSubmission {
  const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
  const session = cas.sessions.find(request.headers);
  if (session === undefined || !csrfMatches(session, form.get(formFields.csrf))) {
    return {
      ok: false,
      response: errorPage(403, 'access_denied', 'The form expired or did not come from this service. Start again from the application.'),
    };
  }
  const pending = cas.pendingAuthorizations.find(form.get(formFields.authorizationRequest), session.id);
  if (pending === undefined) {
    return {
      ok: false,
      response: errorPage(400, 'invalid_request', 'The sign-in request is unknown or expired. Start again from the application.'),
    };
  }
  return { ok: true, form, session, pending };
}
