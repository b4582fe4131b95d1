/**
 * The login driver of the "browser" kind (LOGIN_DRIVER=browser): the same
 * walk as the form driver (login form, consent screen, stop at the redirect
 * to REDIRECT_URI), in a real Chromium, for CAS pages that build their forms
 * with JavaScript. Forms are read from the rendered page and chosen with the
 * form driver's rules; fields are typed and buttons clicked as a user would.
 *
 * The redirect to REDIRECT_URI is never loaded: every document request of
 * the page is paused at the request stage (Chrome DevTools Protocol `Fetch`
 * domain, which also sees the hops of a redirect chain, where Playwright's
 * page.route sees only the first URL), and the one to REDIRECT_URI is read
 * and failed before it leaves the browser.
 *
 * Each login gets a fresh browser context (no cookies from another login)
 * that is closed at the end. Nothing is recorded: no trace, screenshot or
 * video, and the browser's console and network events are not listened to.
 *
 * @see RFC 6749 §4.1.1–§4.1.2 (the user-agent's part of the code flow)
 * @see spec §4.1, §5.3
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { SecretRegistry } from '../http/redact.ts';
import { isRedirectUri, parseAuthorizationRedirect } from './authorization-request.ts';
import type { FormField, FormSubmitter, HtmlForm } from './html-forms.ts';
import {
  chooseForm,
  formSignature,
  hasHiddenUsername,
  identifyCredentialFields,
  LoginError,
  notThereHint,
  registerHiddenFormValues,
  where,
  type LoginResult,
  type LoginStop,
  type LoginWithFormOptions,
} from './login-driver.ts';

export interface LoginWithBrowserOptions extends Omit<LoginWithFormOptions, 'jar'> {
  /** Bound on each navigation and on the page settling after it (REQUEST_TIMEOUT_MS). */
  readonly timeoutMs: number;
}

/**
 * Drives the CAS in `browser` from the authorization URL to the redirect to
 * REDIRECT_URI, and returns the authorization response (code or OAuth
 * error) as {@link loginWithForm} does. Throws {@link LoginError}
 * (LOGIN_FAILED) for refused credentials, loops and error pages. The
 * password, the code and the pages' hidden values are registered with
 * `secrets` and never appear in a message.
 */
export async function loginWithBrowser(browser: Browser, secrets: SecretRegistry, options: LoginWithBrowserOptions): Promise<LoginResult> {
  secrets.add(options.password);
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
  try {
    const session = await openPage(context, secrets, options);
    return await walk(session, secrets, options);
  } finally {
    await context.close();
  }
}

/** What a browser shows at the authorization URL before anyone types: the login challenge check's view (auth.login-challenge). */
export interface ChallengeView {
  /** The authorization response, when the CAS redirected to REDIRECT_URI without asking anyone. */
  readonly redirectedWith: 'code' | 'error' | undefined;
  readonly status: number;
  /** A rendered form with a password field. */
  readonly passwordForm: boolean;
}

/** Opens the authorization URL in a fresh context, lets the page build itself, and reports whether it asks for a password. */
export async function viewLoginChallenge(browser: Browser, secrets: SecretRegistry, options: LoginWithBrowserOptions): Promise<ChallengeView> {
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
  try {
    const session = await openPage(context, secrets, options);
    await session.settle(() => session.page.goto(options.authorizationUrl.toString()));
    await session.quiet();
    const redirect = session.intercepted();
    if (redirect) return { redirectedWith: redirect.searchParams.has('code') ? 'code' : 'error', status: session.status(), passwordForm: false };
    const view = await readPage(session.page);
    return { redirectedWith: undefined, status: session.status(), passwordForm: view.forms.some((form) => form.fields.some((field) => field.type === 'password')) };
  } finally {
    await context.close();
  }
}

interface PageSession {
  readonly page: Page;
  /** The document request that was stopped: to REDIRECT_URI, or an authorization response sent elsewhere. */
  intercepted(): URL | undefined;
  /** Status of the last document the page loaded. */
  status(): number;
  /** Runs `action` (a goto or a click) and waits until the page has loaded (`load`), or its navigation was stopped. */
  settle(action: () => Promise<unknown>): Promise<'loaded' | 'intercepted' | 'stuck'>;
  /** Waits until the page has made no request for a while (scripts that fetch what they build after `load`). */
  quiet(): Promise<void>;
}

async function openPage(context: BrowserContext, secrets: SecretRegistry, options: LoginWithBrowserOptions): Promise<PageSession> {
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeoutMs);
  page.setDefaultNavigationTimeout(options.timeoutMs);
  const start = new URL(options.authorizationUrl.toString());
  let stopped: URL | undefined;
  let wake: () => void = () => undefined;
  const interception = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event) => {
    const url = new URL(event.request.url);
    const authorizationResponse = url.searchParams.has('code') || url.searchParams.has('error');
    if (isRedirectUri(url, options.redirectUri) || (url.origin !== start.origin && authorizationResponse)) {
      secrets.add(url.searchParams.get('code') ?? undefined);
      stopped ??= url;
      void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Aborted' }).catch(() => undefined);
      wake();
      return;
    }
    void cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });

  let status = 0;
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) status = response.status();
  });

  return {
    page,
    intercepted: () => stopped,
    status: () => status,
    async settle(action) {
      const navigation = page.waitForNavigation({ waitUntil: 'load' }).then(
        () => 'loaded' as const,
        () => 'failed' as const,
      );
      // An aborted navigation rejects the action (a goto); the outcome is judged below, not by the action.
      await action().catch(() => undefined);
      const first = await Promise.race([navigation, interception.then(() => 'intercepted' as const)]);
      if (stopped) return 'intercepted';
      return first === 'failed' ? 'stuck' : 'loaded';
    },
    async quiet() {
      await page.waitForLoadState('networkidle').catch(() => undefined);
    },
  };
}

async function walk(session: PageSession, secrets: SecretRegistry, options: LoginWithBrowserOptions): Promise<LoginResult> {
  const { page } = session;
  const maxSteps = options.maxSteps ?? 10;
  const variables = options.credentialVariables ?? { username: 'LOGIN_USERNAME', password: 'LOGIN_PASSWORD' };
  const start = new URL(options.authorizationUrl.toString());
  let credentialsSubmitted = false;
  let identifierSubmitted = false;
  const formsSeen = new Set<string>();
  let last: LoginStop = { status: 0, url: where(start), title: undefined, message: undefined };
  let outcome = await session.settle(() => page.goto(start.href));

  for (let step = 1; ; step += 1) {
    const redirect = session.intercepted();
    if (redirect) {
      if (!isRedirectUri(redirect, options.redirectUri)) {
        throw new LoginError('unexpected-redirect', `the CAS redirected to ${where(redirect)} with an authorization response, but REDIRECT_URI is ${options.redirectUri}`, { ...last, url: where(redirect) }, step);
      }
      const response = parseAuthorizationRedirect(redirect, { redirectUri: options.redirectUri, ...(options.expectedState !== undefined && { expectedState: options.expectedState }) });
      return { ...response, redirect, steps: step };
    }
    const address = URL.canParse(page.url()) ? where(new URL(page.url())) : last.url;
    if (outcome === 'stuck') {
      // The page is the browser's own error page then (chrome-error://): the last CAS address is the one to show.
      throw new LoginError('error-page', `the browser's navigation from ${last.url} did not load a page (a network error, or none within ${options.timeoutMs} ms) and did not reach REDIRECT_URI`, last, step);
    }
    if (step > maxSteps) {
      throw new LoginError('loop', `the login did not reach REDIRECT_URI after ${maxSteps} steps; last at ${address} (HTTP ${session.status()})`, { ...last, url: address }, maxSteps);
    }

    // A page whose scripts are still fetching what they build gets until the network is quiet; most pages have their form at `load`.
    let view = await readPage(page);
    if (view.forms.length === 0) {
      await session.quiet();
      if (session.intercepted()) continue;
      view = await readPage(page);
    }
    registerHiddenFormValues(secrets, view.forms, options.username);
    const message = view.messages[0] ?? excerpt(view.text);
    last = { status: session.status(), url: address, title: view.title, message: message ? secrets.scrub(message) : undefined };
    const choice = chooseForm(view.forms, options.fields);
    if (!choice || (last.status >= 400 && choice.kind === 'other')) {
      throw new LoginError(
        'error-page',
        `the CAS answered ${last.status} at ${last.url} with a page${last.title ? ` titled "${last.title}"` : ''} without a form to continue (as rendered by the browser) and did not redirect to REDIRECT_URI${last.message ? `: ${last.message}` : ''}${notThereHint(step, last.status)}`,
        last,
        step,
      );
    }
    if (choice.kind === 'login' && credentialsSubmitted) {
      throw new LoginError(
        'credentials-refused',
        `the CAS refused the credentials of ${variables.username} ("${options.username}"): the login form came back after they were submitted${view.messages[0] ? ` ("${secrets.scrub(view.messages[0])}")` : ''}; check ${variables.username} and ${variables.password}`,
        last,
        step,
      );
    }
    const signature = formSignature(new URL(page.url()), choice.form);
    if (formsSeen.has(signature)) {
      throw new LoginError('loop', `the login did not reach REDIRECT_URI after ${step} steps: the CAS showed the same form at ${last.url} again`, last, step);
    }
    formsSeen.add(signature);

    const form = page.locator('form').nth(view.forms.indexOf(choice.form));
    const typed: Array<{ readonly field: FormField; readonly value: string }> = [];
    if (choice.kind === 'login' || choice.kind === 'identifier') {
      const fields = identifyCredentialFields(choice.form, options.fields);
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
      if (fields.username && fields.username.type !== 'hidden') typed.push({ field: fields.username, value: options.username });
      if (choice.kind === 'identifier') identifierSubmitted = true;
      if (choice.kind === 'login' && fields.password) {
        typed.push({ field: fields.password, value: options.password });
        credentialsSubmitted = true;
      }
    }
    for (const { field, value } of typed) await form.locator(`[name=${cssString(field.name)}]`).first().fill(value);
    outcome = await session.settle(() => submit(form, choice.form, choice.submitter, typed.at(-1)?.field));
  }
}

const submitterSelector = 'button:not([type]), button[type=submit], input[type=submit], input[type=image]';

/** Clicks the chosen button; a form without one is submitted as a user would, with Enter in its last field. */
async function submit(form: ReturnType<Page['locator']>, read: HtmlForm, submitter: FormSubmitter | undefined, lastTyped: FormField | undefined): Promise<void> {
  if (submitter) {
    await form.locator(submitterSelector).nth(read.submitters.indexOf(submitter)).click();
    return;
  }
  const field = lastTyped ?? read.fields.find((candidate) => candidate.type !== 'hidden');
  if (field) await form.locator(`[name=${cssString(field.name)}]`).first().press('Enter');
}

/** A CSS string literal (CSS Syntax §4.3.5): quotes and backslashes escaped, line breaks as code points. */
function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ').replace(/\r/g, '\\d ')}"`;
}

function excerpt(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

interface RenderedPage {
  readonly title: string | undefined;
  readonly forms: HtmlForm[];
  readonly messages: string[];
  readonly text: string;
}

interface RawPage {
  readonly title: string;
  readonly forms: RawForm[];
  readonly messages: string[];
  readonly text: string;
}

interface RawForm {
  readonly action: string;
  readonly method: string;
  readonly fields: FormField[];
  readonly submitters: Array<{ name: string | null; value: string; label: string }>;
}

/**
 * The rendered page's forms, in the shape the form driver reads from HTML
 * (src/auth/html-forms.ts), with the same rules: disabled controls and
 * unchecked boxes left out, hidden fields kept, buttons in document order.
 * A source string, not a function: the page runs it as written.
 */
const readPageScript = `(() => {
  const submitSelector = ${JSON.stringify(submitterSelector)};
  const normalise = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const forms = Array.from(document.forms).map((form) => {
    const fields = [];
    for (const control of Array.from(form.elements)) {
      if (control.disabled || !control.name) continue;
      const tag = control.tagName.toLowerCase();
      if (tag === 'input') {
        const type = (control.getAttribute('type') || 'text').toLowerCase();
        if (['button', 'reset', 'file', 'submit', 'image'].includes(type)) continue;
        if ((type === 'checkbox' || type === 'radio') && !control.checked) continue;
        fields.push({ name: control.name, type, value: control.value });
      } else if (tag === 'select') {
        fields.push({ name: control.name, type: 'select', value: control.value });
      } else if (tag === 'textarea') {
        fields.push({ name: control.name, type: 'textarea', value: control.value });
      }
    }
    const submitters = Array.from(form.querySelectorAll(submitSelector)).map((button) => ({
      name: button.getAttribute('name'),
      value: button.getAttribute('value') || '',
      label: normalise(button.tagName.toLowerCase() === 'input' ? button.value : button.textContent),
    }));
    return { action: form.action || location.href, method: (form.getAttribute('method') || 'get').toLowerCase(), fields, submitters };
  });
  const messagePattern = /error|alert|message|notice|warning|invalid/i;
  const messages = Array.from(document.body ? document.body.querySelectorAll('*') : [])
    .filter((element) => !['FORM', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName))
    .filter((element) => {
      const hint = ((element.getAttribute('class') || '') + ' ' + (element.id || '')).trim();
      return element.getAttribute('role') === 'alert' || (hint !== '' && messagePattern.test(hint));
    })
    .map((element) => normalise(element.innerText))
    .filter((text, index, all) => text !== '' && all.indexOf(text) === index);
  return { title: normalise(document.title), forms, messages, text: normalise(document.body ? document.body.innerText : '') };
})()`;

async function readPage(page: Page): Promise<RenderedPage> {
  const raw = await page.evaluate<RawPage>(readPageScript);
  const forms = raw.forms.map(
    (form): HtmlForm => ({
      id: undefined,
      action: new URL(form.action),
      method: form.method === 'post' ? 'POST' : 'GET',
      fields: form.fields,
      submitters: form.submitters.map((submitter) => ({ name: submitter.name ?? undefined, value: submitter.value, label: submitter.label })),
    }),
  );
  return { title: raw.title || undefined, forms, messages: raw.messages, text: raw.text };
}
