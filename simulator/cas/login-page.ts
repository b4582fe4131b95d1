import { escapeHtml, hiddenInput, page } from './html.ts';
import { formFields } from './form-fields.ts';
import { loginPath } from './paths.ts';

/**
 * How the login challenge is served. `form`: a plain HTML form, as the
 * vendor's CAS serves it. `script`: an empty page whose form a script builds
 * in the browser, as CAS deployments behind JavaScript or SSO pages do; a
 * client that reads the HTML without running it finds no form.
 */
export const loginPageKinds = ['form', 'script'] as const;
export type LoginPageKind = (typeof loginPageKinds)[number];

export function isLoginPageKind(value: string): value is LoginPageKind {
  return (loginPageKinds as readonly string[]).includes(value);
}

export interface LoginPageInput {
  readonly csrf: string;
  readonly authorizationRequestId: string;
  readonly clientId: string;
  /** Shown again after a failed attempt. */
  readonly username?: string;
  readonly error?: string;
}

/** The login challenge the user gets at the authorization step (spec §4.1, §5.3), as a form or built by a script. */
export function loginPage(input: LoginPageInput, kind: LoginPageKind = 'form'): string {
  return kind === 'script' ? scriptLoginPage(input) : formLoginPage(input);
}

function formLoginPage(input: LoginPageInput): string {
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

/**
 * The same form, built by a script from a JSON data block after the document
 * is parsed: the served HTML holds no form element. The data block escapes
 * `<` so that no value can close the script element.
 */
function scriptLoginPage(input: LoginPageInput): string {
  const data = JSON.stringify({
    action: loginPath,
    fields: formFields,
    csrf: input.csrf,
    authorizationRequest: input.authorizationRequestId,
    clientId: input.clientId,
    username: input.username ?? '',
    error: input.error ?? null,
  }).replace(/</g, '\\u003c');
  return page(
    'Sign in',
    [
      '<h1>Sign in</h1>',
      '<div id="sign-in"><noscript><p role="alert">This sign-in page needs JavaScript.</p></noscript></div>',
      `<script type="application/json" id="sign-in-data">${data}</script>`,
      `<script>${buildFormScript}</script>`,
    ].join('\n'),
  );
}

/** Runs in the browser: builds the login form from the data block on DOMContentLoaded. */
const buildFormScript = `
document.addEventListener('DOMContentLoaded', function () {
  var data = JSON.parse(document.getElementById('sign-in-data').textContent);
  var root = document.getElementById('sign-in');
  var intro = document.createElement('p');
  intro.textContent = 'The application ' + data.clientId + ' asks you to sign in.';
  root.appendChild(intro);
  if (data.error) {
    var alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.textContent = data.error;
    root.appendChild(alert);
  }
  var form = document.createElement('form');
  form.method = 'post';
  form.action = data.action;
  function input(name, type, value, label) {
    if (label) {
      var text = document.createElement('label');
      text.htmlFor = name;
      text.textContent = label;
      form.appendChild(text);
    }
    var field = document.createElement('input');
    field.id = name;
    field.name = name;
    field.type = type;
    field.value = value;
    if (type !== 'hidden') field.required = true;
    form.appendChild(field);
  }
  input(data.fields.csrf, 'hidden', data.csrf);
  input(data.fields.authorizationRequest, 'hidden', data.authorizationRequest);
  input(data.fields.username, 'text', data.username, 'Username');
  input(data.fields.password, 'password', '', 'Password');
  var button = document.createElement('button');
  button.type = 'submit';
  button.textContent = 'Sign in';
  form.appendChild(button);
  root.appendChild(form);
});
`;
