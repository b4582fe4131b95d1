/**
 * Shared helpers of the simulator conformance tests: start a platform on
 * loopback, speak HTTP with undici, walk the CAS's HTML forms like a browser
 * (cookie kept, hidden fields kept) and exchange codes for tokens. Written
 * against the spec, not against the harness in src/, so the tests judge the
 * simulator on their own.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { request } from 'undici';
import type { FaultName } from '../../simulator/faults/index.ts';
import { json, type Router } from '../../simulator/http/router.ts';
import { createPlatform, type Platform, type PlatformAddress, type PlatformOptions } from '../../simulator/platform.ts';
import type { SimVersion } from '../../simulator/version.ts';

export const versions: readonly SimVersion[] = ['7.4', '8.0'];

/** Per version: the authorization path below {auth_url} and its own required parameters (spec §4.1, §9.1). */
export const authorizationFlows: Readonly<Record<SimVersion, { readonly path: string; readonly params: Readonly<Record<string, string>> }>> = {
  '7.4': { path: '/api/v1.1/authorization', params: { response_type: 'code', scope: 'openid' } },
  '8.0': { path: '/oauth2/auth', params: { response_type: 'code', response_mode: 'query' } },
};

export const probePaths = {
  /** Any authenticated user. */
  whoami: '/probe/rest/v1.0/whoami',
  /** Only users with REVIEW_MANAGER_MODULE_ACCESS, which the limited user lacks. */
  reviewOnly: '/probe/rest/v1.0/review-only',
} as const;

/** A module of the tests' own, so the bearer guard can be checked before the real modules exist. */
export function probeModule(router: Router): void {
  router.api('GET', probePaths.whoami, ['AUTHENTICATED'], (incoming) => json(200, { login: incoming.principal?.login }));
  router.api('POST', probePaths.whoami, ['AUTHENTICATED'], (incoming) => json(200, { received: incoming.body }));
  router.api('GET', probePaths.reviewOnly, ['REVIEW_MANAGER_MODULE_ACCESS'], () => json(200, { ok: true }));
}

/** A clock the test moves by hand. */
export class ManualClock {
  #now = Date.parse('2026-03-01T09:00:00Z');
  readonly now = (): number => this.#now;
  advance(seconds: number): void {
    this.#now += seconds * 1000;
  }
}

export interface Sim {
  readonly platform: Platform;
  readonly address: PlatformAddress;
  readonly clock: ManualClock;
  readonly version: SimVersion;
}

export interface StartOptions {
  readonly version?: SimVersion;
  readonly faults?: readonly FaultName[];
  readonly tokenTtlSeconds?: number;
}

const started: Platform[] = [];

/** A platform on a free loopback port, with the probe module and a hand-moved clock. Stop all with stopAll(). */
export async function startSim(options: StartOptions = {}): Promise<Sim> {
  const clock = new ManualClock();
  const platformOptions: PlatformOptions = {
    version: options.version ?? '8.0',
    faults: options.faults ?? [],
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    clock: clock.now,
    modules: [probeModule],
  };
  const platform = createPlatform(platformOptions);
  const address = await platform.listen(0);
  started.push(platform);
  return { platform, address, clock, version: platformOptions.version };
}

export async function stopAll(): Promise<void> {
  await Promise.all(started.splice(0).map((platform) => platform.close()));
}

export interface Reply {
  readonly status: number;
  readonly text: string;
  header(name: string): string | undefined;
  headerValues(name: string): string[];
  json(): Record<string, unknown>;
}

export interface SendOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly form?: Readonly<Record<string, string>> | URLSearchParams;
  readonly body?: string;
}

/** One HTTP exchange; redirects are never followed. */
export async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string | URL, options: SendOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await request(url, { method, headers, body });
  const text = await response.body.text();
  const values = (name: string): string[] => {
    const value = response.headers[name.toLowerCase()];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  };
  return {
    status: response.statusCode,
    text,
    header: (name) => values(name)[0],
    headerValues: values,
    json: () => {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`not a JSON object: ${text}`);
      return Object.fromEntries(Object.entries(parsed));
    },
  };
}

/** The authorization URL for this instance's version, with parameters replaced (value) or removed (undefined). */
export function authorizationUrl(sim: Sim, overrides: Readonly<Record<string, string | undefined>> = {}, version = sim.version): URL {
  const flow = authorizationFlows[version];
  const url = new URL(sim.address.authUrl + flow.path);
  const params: Record<string, string | undefined> = {
    client_id: sim.platform.credentials.clientId,
    redirect_uri: sim.platform.credentials.redirectUri,
    state: 'Xy7-q2Zt',
    ...flow.params,
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

export interface PageForm {
  readonly action: URL;
  readonly method: string;
  /** Every named input with its type and value. */
  readonly inputs: readonly { readonly name: string; readonly type: string; readonly value: string }[];
  /** Submit buttons as name=value. */
  readonly buttons: readonly { readonly name: string; readonly value: string; readonly label: string }[];
  readonly labelsFor: readonly string[];
}

export interface Page {
  readonly parseErrors: readonly string[];
  readonly forms: readonly PageForm[];
  readonly text: string;
}

/** Reads an HTML page with parse5, collecting its parse errors and forms. */
export function readPage(markup: string, pageUrl: string | URL): Page {
  const parseErrors: string[] = [];
  const document = parse(markup, { onParseError: (error) => parseErrors.push(error.code) });
  const elements = [...walk(document)];
  const forms = elements
    .filter((element) => element.tagName === 'form')
    .map((form): PageForm => {
      const inside = [...walk(form)];
      return {
        action: new URL(attr(form, 'action') ?? '', pageUrl),
        method: (attr(form, 'method') ?? 'get').toLowerCase(),
        inputs: inside
          .filter((element) => element.tagName === 'input' && attr(element, 'name') !== undefined)
          .map((input) => ({ name: attr(input, 'name') ?? '', type: attr(input, 'type') ?? 'text', value: attr(input, 'value') ?? '' })),
        buttons: inside
          .filter((element) => element.tagName === 'button')
          .map((button) => ({ name: attr(button, 'name') ?? '', value: attr(button, 'value') ?? '', label: textOf(button).trim() })),
        labelsFor: inside.filter((element) => element.tagName === 'label').map((label) => attr(label, 'for') ?? ''),
      };
    });
  return { parseErrors, forms, text: textOf(document).replace(/\s+/g, ' ') };
}

/** The form's fields as a browser submits them: hidden values kept, `filled` set, the chosen button last. */
export function formFields(form: PageForm, filled: Readonly<Record<string, string>> = {}, button?: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const input of form.inputs) fields.set(input.name, filled[input.name] ?? input.value);
  const pressed = form.buttons.find((candidate) => candidate.value === button || candidate.label === button) ?? form.buttons[0];
  if (pressed?.name) fields.set(pressed.name, pressed.value);
  return fields;
}

/** A browser of one: keeps the CAS session cookie between requests. */
export class Browser {
  readonly #cookies = new Map<string, string>();

  async get(url: string | URL): Promise<Reply> {
    return this.#remember(await send('GET', url, { headers: this.#cookieHeader() }));
  }

  async post(url: string | URL, form: URLSearchParams): Promise<Reply> {
    return this.#remember(await send('POST', url, { headers: this.#cookieHeader(), form }));
  }

  get cookieNames(): string[] {
    return [...this.#cookies.keys()];
  }

  #cookieHeader(): Record<string, string> {
    if (this.#cookies.size === 0) return {};
    return { cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  #remember(reply: Reply): Reply {
    for (const setCookie of reply.headerValues('set-cookie')) {
      const pair = setCookie.split(';')[0] ?? '';
      const separator = pair.indexOf('=');
      if (separator > 0) this.#cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return reply;
  }
}

export type UserKind = 'full' | 'limited';

/** The CAS's own page of the login challenge (spec §5.3), below {auth_url}. */
export const loginChallengePath = '/cas/login';

/**
 * Opens the authorization URL as a browser does: a redirect to the CAS's
 * login challenge is followed with the session cookie it set. Any other
 * answer (an error page, the redirect back to the client) is returned as is.
 */
export async function openLoginChallenge(browser: Browser, start: URL): Promise<{ readonly reply: Reply; readonly url: URL; readonly first: Reply }> {
  const first = await browser.get(start);
  const location = first.status === 302 ? new URL(first.header('location') ?? '', start) : undefined;
  if (location === undefined || location.pathname !== loginChallengePath) return { reply: first, url: start, first };
  return { reply: await browser.get(location), url: location, first };
}

/**
 * The whole authorization step as a user does it: open the authorization
 * URL, fill the login form, press Allow. Returns the redirect's Location.
 */
export async function authorize(sim: Sim, user: UserKind = 'full', overrides: Readonly<Record<string, string | undefined>> = {}): Promise<URL> {
  const browser = new Browser();
  const start = authorizationUrl(sim, overrides);
  const { reply: challenge, url: challengeUrl } = await openLoginChallenge(browser, start);
  if (challenge.status === 302) return new URL(challenge.header('location') ?? '');
  const login = readPage(challenge.text, challengeUrl).forms[0];
  if (challenge.status !== 200 || login === undefined) throw new Error(`no login form: ${challenge.status} ${challenge.text}`);
  const { username, password } = sim.platform.credentials.users[user];
  const consent = await browser.post(login.action, formFields(login, { username, password }));
  const consentForm = readPage(consent.text, login.action).forms[0];
  if (consent.status !== 200 || consentForm === undefined) throw new Error(`no consent form: ${consent.status} ${consent.text}`);
  const done = await browser.post(consentForm.action, formFields(consentForm, {}, 'allow'));
  if (done.status !== 302) throw new Error(`consent did not redirect: ${done.status} ${done.text}`);
  return new URL(done.header('location') ?? '');
}

/** A fresh authorization code for the user. */
export async function authorizationCode(sim: Sim, user: UserKind = 'full'): Promise<string> {
  const location = await authorize(sim, user);
  const code = location.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location.href}`);
  return code;
}

export function tokenUrl(sim: Sim): string {
  return `${sim.address.authUrl}/api/v1.1/token`;
}

/** POST to the token endpoint with the client's credentials and the given fields. */
export function tokenRequest(sim: Sim, fields: Readonly<Record<string, string>>): Promise<Reply> {
  const { clientId, clientSecret } = sim.platform.credentials;
  return send('POST', tokenUrl(sim), { form: { client_id: clientId, client_secret: clientSecret, ...fields } });
}

export function exchangeCode(sim: Sim, code: string, fields: Readonly<Record<string, string>> = {}): Promise<Reply> {
  return tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: sim.platform.credentials.redirectUri, ...fields });
}

export function refreshTokens(sim: Sim, refreshToken: string): Promise<Reply> {
  return tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
}

export function tokenPair(reply: Reply): TokenPair {
  const body = reply.json();
  if (reply.status !== 200 || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new Error(`not a token response: ${reply.status} ${reply.text}`);
  }
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** Login, consent and code exchange: a first pair of tokens. */
export async function obtainTokens(sim: Sim, user: UserKind = 'full'): Promise<TokenPair> {
  return tokenPair(await exchangeCode(sim, await authorizationCode(sim, user)));
}

/** A module API call with the access token (spec §5.6). */
export function callApi(sim: Sim, accessToken: string | undefined, path: string = probePaths.whoami, keyword = 'Bearer'): Promise<Reply> {
  const headers: Record<string, string> = accessToken === undefined ? {} : { authorization: `${keyword} ${accessToken}` };
  return send('GET', sim.address.baseUrl + path, { headers });
}

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textOf).join(' ');
}
