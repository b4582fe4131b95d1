import { escapeHtml, hiddenInput, page } from './html.ts';
import { formFields } from './form-fields.ts';
import { loginPath } from './paths.ts';

export interface LoginPageInput {
  readonly csrf: string;
  readonly authorizationRequestId: string;
  readonly clientId: string;
  /** Shown again after a failed attempt. */
  readonly username?: string;
  readonly error?: string;
}

/** The login challenge the user gets at the authorization step (spec §4.1, §5.3). */
export function loginPage(input: LoginPageInput): string {
  const error = input.error === undefined ? '' : `<p role="alert">${escapeHtml(input.error)}</p>\n`;
  return page(
    'Sign in',
    [
      '<h1>Sign in</h1>',
      `<p>The application <strong>${escapeHtml(input.clientId)}</strong> asks you to sign in.</p>`,
      `${error}<form action="${escapeHtml(loginPath)}" method="post">`,
      hiddenInput(formFields.csrf, input.csrf),
      hiddenInput(formFields.authorizationRequest, input.authorizationRequestId),
      `<label for="username">Username</label>`,
      `<input id="username" name="${escapeHtml(formFields.username)}" type="text" autocomplete="username" value="${escapeHtml(input.username ?? '')}" required>`,
      `<label for="password">Password</label>`,
      `<input id="password" name="${escapeHtml(formFields.password)}" type="password" autocomplete="current-password" required>`,
      '<button type="submit">Sign in</button>',
      '</form>',
    ].join('\n'),
  );
}
