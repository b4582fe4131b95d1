import { escapeHtml, hiddenInput, page } from './html.ts';
import { formFields } from './form-fields.ts';
import { consentPath } from './paths.ts';

export interface ConsentPageInput {
  readonly csrf: string;
  readonly authorizationRequestId: string;
  readonly clientId: string;
  readonly userDisplayName: string;
  readonly scope: string;
}

/**
 * The consent screen the vendor's CAS shows after the login form (DESIGN.md
 * "Facts about the real CAS"): the user confirms that the app may act for
 * them. Allow is the first submit button, so a client that submits the form
 * with its first button grants access.
 */
export function consentPage(input: ConsentPageInput): string {
  return page(
    'Allow access',
    [
      '<h1>Allow access</h1>',
      `<p>Signed in as ${escapeHtml(input.userDisplayName)}.</p>`,
      `<p>The application <strong>${escapeHtml(input.clientId)}</strong> asks for access to your account (scope <code>${escapeHtml(input.scope)}</code>).</p>`,
      `<form action="${escapeHtml(consentPath)}" method="post">`,
      hiddenInput(formFields.csrf, input.csrf),
      hiddenInput(formFields.authorizationRequest, input.authorizationRequestId),
      `<button type="submit" name="${escapeHtml(formFields.consent)}" value="allow">Allow</button>`,
      `<button type="submit" name="${escapeHtml(formFields.consent)}" value="deny">Deny</button>`,
      '</form>',
    ].join('\n'),
  );
}
