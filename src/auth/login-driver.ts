/**
 * The login driver of the "form" kind: plays the user's browser through the
 * CAS's login challenge without a browser. It follows redirects itself (the
 * HTTP client never does), keeps cookies, fills the login form, confirms the
 * vendor's consent screen, and stops at the redirect to REDIRECT_URI without
 * requesting it: no server needs to run there.
 *
 * @see RFC 6749 §4.1.1–§4.1.2 (the user-agent's part of the code flow)
 * @see spec §4.1, §5.3
 * @see DESIGN.md "Facts about the real CAS that the harness must survive"
 */
import { UpgradeGuardError } from '../errors.ts';
import type { HttpClient, HttpResponse } from '../http/client.ts';
import { isGatewayStatus } from '../http/gateway-status.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { isRedirectUri, parseAuthorizationRedirect, type AuthorizationResponse } from './authorization-request.ts';
import { CookieJar } from './cookie-jar.ts';
import { formEntries, parseHtmlPage, type FormField, type FormSubmitter, type HtmlForm, type HtmlPage } from './html-forms.ts';

export interface LoginWithFormOptions {
  /** From {@link authorizationUrl}. */
  readonly authorizationUrl: string | URL;
  readonly redirectUri: string;
  readonly username: string;
  readonly password: string;
  /** Names of the form fields when detection fails (LOGIN_USERNAME_FIELD, LOGIN_PASSWORD_FIELD). */
  readonly fields?: { readonly username?: string | undefined; readonly password?: string | undefined };
  /** Requests before giving up; 10 by default. */
  readonly maxSteps?: number;
  /**
   * Checked against the redirect's `state` when given (LOGIN_FAILED on a
   * mismatch). Not checked by default: whether the CAS echoes `state` is a
   * suite check of its own (spec §5.3), and every other suite must still be
   * able to log in against a CAS that gets it wrong.
   */
  readonly expectedState?: string;
  /** Which variables the credentials came from, for messages; LOGIN_USERNAME / LOGIN_PASSWORD by default. */
  readonly credentialVariables?: { readonly username: string; readonly password: string };
  /** A jar to share with later calls (a second authorization in the same session); a fresh one by default. */
  readonly jar?: CookieJar;
}

/** How the login ended at REDIRECT_URI: with a code or with an OAuth error (RFC 6749 §4.1.2.1). */
export type LoginResult = AuthorizationResponse & {
  /** The redirect to REDIRECT_URI (never requested). Holds the code: do not log it unredacted. */
  readonly redirect: URL;
  /** Requests sent. */
  readonly steps: number;
};

export type LoginFailureReason =
  /** The login form came back after the credentials were submitted. */
  | 'credentials-refused'
  /** A login form whose username or password field could not be identified. */
  | 'fields-not-found'
  /** Too many steps, or the same form shown again. */
  | 'loop'
  /** A page without a form to go on with (or a 4xx/5xx without a login form), and no redirect to REDIRECT_URI. */
  | 'error-page'
  /** A page without a form that runs scripts: its form is built in the browser, which only LOGIN_DRIVER=browser can drive. */
  | 'needs-browser'
  /** A redirect carrying `code` or `error` to somewhere that is neither the CAS nor REDIRECT_URI. */
  | 'unexpected-redirect'
  /** A 3xx without a usable Location. */
  | 'unexpected-response';

/** Where the driver stopped: status, address (origin and path only), title and visible message of the page. */
export interface LoginStop {
  readonly status: number;
  readonly url: string;
  readonly title: string | undefined;
  readonly message: string | undefined;
}

/**
 * LOGIN_FAILED with the reason as data, so that a suite can assert, e.g.,
 * "the CAS showed an error page and did not redirect" (`reason === 'error-page'`)
 * for an unregistered redirect_uri (RFC 6749 §4.1.2.1, §3.1.2.4).
 */
export class LoginError extends UpgradeGuardError {
  readonly reason: LoginFailureReason;
  readonly stop: LoginStop;
  readonly steps: number;

  constructor(reason: LoginFailureReason, message: string, stop: LoginStop, steps: number) {
    super('LOGIN_FAILED', message);
    this.reason = reason;
    this.stop = stop;
    this.steps = steps;
  }
}

export function isLoginError(value: unknown, reason?: LoginFailureReason): value is LoginError {
  return value instanceof LoginError && (reason === undefined || value.reason === reason);
}

interface PendingRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  readonly form?: Readonly<Record<string, string>>;
}

/**
 * The authorization endpoint itself is not there: its path differs by version (spec §4.1, §9.1), so a cause is a
 * TARGET_VERSION that is not the instance's, or an AUTH_URL that is not the CAS's base address; and an instance
 * may have its endpoints elsewhere altogether (spec §4.1, last sentence; the 8.0 identity service has them per realm).
 */
export const authorizationEndpointHint =
  "; the authorization endpoint is not at this address: the spec puts it at {auth_url}/api/v1.1/authorization for 7.4 and {auth_url}/oauth2/auth for 8.0 (spec §4.1, §9.1), but an instance may show other endpoint URLs at app registration: set AUTHORIZATION_ENDPOINT and TOKEN_ENDPOINT to them, or AUTH_DISCOVERY=true to read them from AUTH_URL's issuer metadata; else check TARGET_VERSION and AUTH_URL";

/** The hint, where the first answer of the authorization endpoint says it is not there. */
export function notThereHint(step: number, status: number): string {
  return step === 1 && (status === 404 || status === 405) ? authorizationEndpointHint : '';
}

/**
 * Drives the CAS from the authorization URL to the redirect to REDIRECT_URI:
 * GET the authorization URL; on a 3xx follow Location (stopping, without a
 * request, when it is REDIRECT_URI); on an HTML page pick the form to submit:
 * the login form (the one with a password field) gets the credentials, any
 * other form (the consent screen) is submitted as is with its most
 * affirmative button. Hidden fields are always kept, cookies carried.
 *
 * Returns the authorization response (code or OAuth error). Throws
 * {@link LoginError} (LOGIN_FAILED) for refused credentials, loops and error
 * pages. Neither the password nor the code ever appears in a message; both
 * are registered with the client's secret registry.
 */
export async function loginWithForm(client: HttpClient, options: LoginWithFormOptions): Promise<LoginResult> {
  const maxSteps = options.maxSteps ?? 10;
  const jar = options.jar ?? new CookieJar();
  const variables = options.credentialVariables ?? { username: 'LOGIN_USERNAME', password: 'LOGIN_PASSWORD' };
  const start = new URL(options.authorizationUrl.toString());
  client.secrets.add(options.password);

  let pending: PendingRequest = { method: 'GET', url: start };
  let credentialsSubmitted = false;
  let identifierSubmitted = false;
  const formsSeen = new Set<string>();
  let last: LoginStop = { status: 0, url: where(start), title: undefined, message: undefined };

  for (let step = 1; ; step += 1) {
    if (step > maxSteps) {
      throw new LoginError('loop', `the login did not reach REDIRECT_URI after ${maxSteps} steps; last at ${last.url} (HTTP ${last.status})`, last, maxSteps);
    }
    const response = await send(client, jar, pending);
    const url = new URL(response.url);
    last = { status: response.status, url: where(url), title: undefined, message: undefined };

    if (response.status >= 300 && response.status < 400) {
      const location = response.header('location');
      if (!location || !URL.canParse(location, url.href)) {
        throw new LoginError('unexpected-response', `the CAS answered ${response.status} at ${last.url} without a usable Location header`, last, step);
      }
      const target = new URL(location, url);
      client.secrets.add(target.searchParams.get('code') ?? undefined);
      if (isRedirectUri(target, options.redirectUri)) {
        const outcome = parseAuthorizationRedirect(target, { redirectUri: options.redirectUri, ...(options.expectedState !== undefined && { expectedState: options.expectedState }) });
        return { ...outcome, redirect: target, steps: step };
      }
      if (target.origin !== start.origin && (target.searchParams.has('code') || target.searchParams.has('error'))) {
        throw new LoginError(
          'unexpected-redirect',
          `the CAS redirected to ${where(target)} with an authorization response, but REDIRECT_URI is ${options.redirectUri}`,
          { ...last, url: where(target) },
          step,
        );
      }
      // RFC 9110 §15.4: 307 and 308 repeat the request as it was; the others continue with a GET.
      pending = response.status === 307 || response.status === 308 ? { ...pending, url: target } : { method: 'GET', url: target };
      continue;
    }

    const page = isHtml(response) ? parseHtmlPage(response.text, url) : undefined;
    registerHiddenValues(client, page, options.username);
    last = { ...last, title: page?.title, message: visibleMessage(client, page, response, false) };
    const choice = page ? chooseForm(page.forms, options.fields) : undefined;
    if (page && page.forms.length === 0 && page.scripts > 0 && response.status < 300) {
      throw new LoginError(
        'needs-browser',
        `the CAS answered ${response.status} at ${last.url} with a page${last.title ? ` titled "${last.title}"` : ''} that has no form but runs scripts: its login form is built by JavaScript, which the form driver cannot run; set LOGIN_DRIVER=browser`,
        last,
        step,
      );
    }
    if (!choice || (response.status >= 400 && choice.kind === 'other')) {
      // A gateway's page is the way to the CAS failing, not the CAS showing an error (src/http/gateway-status.ts).
      if (isGatewayStatus(response.status)) {
        throw new UpgradeGuardError('TARGET_UNREACHABLE', `the CAS answered HTTP ${response.status} at ${last.url}: a gateway or the CAS is down, not a page of the login; check AUTH_URL and that the CAS is up`);
      }
      last = { ...last, message: visibleMessage(client, page, response, true) };
      throw new LoginError(
        'error-page',
        `the CAS answered ${response.status} at ${last.url} with ${page ? `a page${last.title ? ` titled "${last.title}"` : ''} without a form to continue` : 'a body that is not an HTML page'} and did not redirect to REDIRECT_URI${last.message ? `: ${last.message}` : ''}${notThereHint(step, response.status)}`,
        last,
        step,
      );
    }
    if (choice.kind === 'login' && credentialsSubmitted) {
      throw new LoginError(
        'credentials-refused',
        `the CAS refused the credentials of ${variables.username} ("${options.username}"): the login form came back after they were submitted${last.message ? ` ("${last.message}")` : ''}; check ${variables.username} and ${variables.password}`,
        last,
        step,
      );
    }
    const signature = formSignature(url, choice.form);
    if (formsSeen.has(signature)) {
      throw new LoginError('loop', `the login did not reach REDIRECT_URI after ${step} steps: the CAS showed the same form at ${last.url} again`, last, step);
    }
    formsSeen.add(signature);

    const overrides: Record<string, string> = {};
    if (choice.kind === 'login' || choice.kind === 'identifier') {
      const fields = identifyCredentialFields(choice.form, options.fields);
      // The password page of an identifier-first login asks for the password only (the username rides along hidden).
      const usernameKnown = fields.username !== undefined || (choice.kind === 'login' && (identifierSubmitted || hasHiddenUsername(choice.form)));
      if (!usernameKnown || (choice.kind === 'login' && !fields.password)) {
        const names = choice.form.fields.map((field) => `${field.name} (${field.type})`).join(', ') || 'none';
        throw new LoginError(
          'fields-not-found',
          `the login form at ${last.url} has no recognisable ${usernameKnown ? 'password' : 'username'} field; set ${usernameKnown ? 'LOGIN_PASSWORD_FIELD' : 'LOGIN_USERNAME_FIELD'} to its name (fields: ${names})`,
          last,
          step,
        );
      }
      if (fields.username) overrides[fields.username.name] = options.username;
      if (choice.kind === 'identifier') identifierSubmitted = true;
      if (choice.kind === 'login' && fields.password) {
        overrides[fields.password.name] = options.password;
        credentialsSubmitted = true;
      }
    }
    const entries = formEntries(choice.form, overrides, choice.submitter);
    pending = toRequest(choice.form, entries);
  }
}

/**
 * Hidden values of the login and consent pages (CSRF tokens, session
 * handles) are secrets: registered by value, they are scrubbed from the form
 * we post back and from every message. URLs and the username are not secrets.
 */
function registerHiddenValues(client: HttpClient, page: ReturnType<typeof parseHtmlPage> | undefined, username: string): void {
  registerHiddenFormValues(client.secrets, page?.forms ?? [], username);
}

/** See {@link registerHiddenValues}; shared with the browser driver, which reads the forms from the rendered page. */
export function registerHiddenFormValues(secrets: SecretRegistry, forms: readonly HtmlForm[], username: string): void {
  for (const form of forms) {
    for (const field of form.fields) {
      if (field.type === 'hidden' && field.value.length >= 8 && field.value !== username && !URL.canParse(field.value)) secrets.add(field.value);
    }
  }
}

async function send(client: HttpClient, jar: CookieJar, request: PendingRequest): Promise<HttpResponse> {
  const cookie = jar.header(request.url);
  const response = await client.request({
    method: request.method,
    url: request.url,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', ...(cookie !== undefined && { cookie }) },
    ...(request.form !== undefined && { form: request.form }),
  });
  jar.store(request.url, response.headers);
  return response;
}

/** HTML Living Standard §4.10.21.3: GET replaces the action's query with the entries; POST sends them form-encoded. */
function toRequest(form: HtmlForm, entries: ReadonlyArray<[string, string]>): PendingRequest {
  if (form.method === 'GET') {
    const url = new URL(form.action);
    url.search = new URLSearchParams([...entries]).toString();
    url.hash = '';
    return { method: 'GET', url };
  }
  const body: Record<string, string> = {};
  for (const [name, value] of entries) body[name] ??= value;
  return { method: 'POST', url: form.action, form: body };
}

export type FormKind = 'login' | 'identifier' | 'other';

export interface FormChoice {
  readonly form: HtmlForm;
  readonly kind: FormKind;
  readonly submitter: FormSubmitter | undefined;
}

/** The login form if there is one; else an identifier-first form (username only); else the most affirmative form (consent). */
export function chooseForm(forms: readonly HtmlForm[], names: LoginWithFormOptions['fields']): FormChoice | undefined {
  // A password input makes a login form even when LOGIN_PASSWORD_FIELD names another field (that mistake is reported, not skipped).
  const login = forms.find((form) => form.fields.some((field) => field.type === 'password' || field.name === names?.password));
  if (login) return { form: login, kind: 'login', submitter: bestSubmitter(login.submitters) };
  const identifier = forms.find((form) => namedUsernameField(form, names) !== undefined);
  if (identifier) return { form: identifier, kind: 'identifier', submitter: bestSubmitter(identifier.submitters) };
  let best: FormChoice | undefined;
  let bestScore = -Infinity;
  for (const form of forms) {
    const submitter = bestSubmitter(form.submitters);
    const score = submitter ? affirmation(submitter) : 0;
    if (score > bestScore) {
      best = { form, kind: 'other', submitter };
      bestScore = score;
    }
  }
  return best;
}

const affirmative = /allow|accept|confirm|approve|consent|authori[sz]e|grant|agree|yes|continue|proceed|submit|login|sign.?in|\bok\b/i;
const negative = /deny|reject|cancel|decline|refuse|abort|\bno\b/i;

/** Higher for buttons that say yes; a "deny" outweighs an "allow" in the same button (`name=consent value=deny`). */
function affirmation(submitter: FormSubmitter): number {
  const text = `${submitter.name ?? ''} ${submitter.value} ${submitter.label}`;
  return (affirmative.test(text) ? 1 : 0) - (negative.test(text) ? 2 : 0);
}

function bestSubmitter(submitters: readonly FormSubmitter[]): FormSubmitter | undefined {
  let best: FormSubmitter | undefined;
  for (const submitter of submitters) if (!best || affirmation(submitter) > affirmation(best)) best = submitter;
  return best;
}

const usernameNames = /user|login|e-?mail|account|ident|principal|subject/i;
const textTypes = new Set(['text', 'email', 'tel', '']);

function passwordField(form: HtmlForm, names: LoginWithFormOptions['fields']): FormField | undefined {
  if (names?.password) return form.fields.find((field) => field.name === names.password);
  return form.fields.find((field) => field.type === 'password');
}

/** A username field recognised by its name (or the override); does not guess. */
function namedUsernameField(form: HtmlForm, names: LoginWithFormOptions['fields']): FormField | undefined {
  if (names?.username) return form.fields.find((field) => field.name === names.username);
  return form.fields.find((field) => textTypes.has(field.type) && usernameNames.test(field.name));
}

export function identifyCredentialFields(form: HtmlForm, names: LoginWithFormOptions['fields']): { username: FormField | undefined; password: FormField | undefined } {
  const password = passwordField(form, names);
  // Without a telling name, the one visible text field of a login form is the username.
  const visibleText = form.fields.filter((field) => textTypes.has(field.type));
  const username = namedUsernameField(form, names) ?? (names?.username === undefined && visibleText.length === 1 ? visibleText[0] : undefined);
  return { username, password };
}

export function hasHiddenUsername(form: HtmlForm): boolean {
  return form.fields.some((field) => field.type === 'hidden' && usernameNames.test(field.name) && field.value !== '');
}

export function formSignature(page: URL, form: HtmlForm): string {
  const names = form.fields.map((field) => field.name).sort().join(',');
  const buttons = form.submitters.map((submitter) => `${submitter.name ?? ''}=${submitter.value}`).join(',');
  return `${where(page)} ${form.method} ${where(form.action)} [${names}] [${buttons}]`;
}

function isHtml(response: HttpResponse): boolean {
  const type = response.header('content-type')?.toLowerCase();
  if (type) return type.includes('html');
  return /^\s*</.test(response.text);
}

/**
 * The first visible message of the page (an error page without one: the
 * start of its text), or the start of a non-HTML body; scrubbed of known secrets.
 */
function visibleMessage(client: HttpClient, page: HtmlPage | undefined, response: HttpResponse, wholePage: boolean): string | undefined {
  const excerpt = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
  const text = page ? (page.messages[0] ?? (wholePage ? excerpt(page.text) : undefined)) : excerpt(response.text.replace(/\s+/g, ' ').trim());
  return text ? client.secrets.scrub(text) : undefined;
}

/** Origin and path: what a message may show of a URL (queries may hold codes). */
export function where(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
