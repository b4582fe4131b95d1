/**
 * The authorization step of both versions, end to end through the CAS's HTML
 * forms (spec §4.1, §5.3, §9.1; DESIGN.md "Facts about the real CAS").
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  authorizationFlows,
  authorizationUrl,
  Browser,
  exchangeCode,
  formFields,
  openLoginChallenge,
  readPage,
  send,
  startSim,
  stopAll,
  versions,
  type Sim,
} from './_sim.ts';

afterAll(stopAll);

describe.each(versions)('authorization flow of %s', (version) => {
  const other = versions.find((candidate) => candidate !== version) ?? version;

  async function loginChallenge(sim: Sim, browser: Browser) {
    const { reply: challenge, url, first } = await openLoginChallenge(browser, authorizationUrl(sim));
    expect(challenge.status).toBe(200);
    const page = readPage(challenge.text, url);
    expect(page.parseErrors).toEqual([]);
    const form = page.forms[0];
    if (form === undefined) throw new Error('no login form');
    return { challenge, first, url, form };
  }

  it('sends the browser to a login form with a session cookie, then consent, then redirects with code, state and iss', async () => {
    const sim = await startSim({ version });
    const browser = new Browser();
    const { challenge, first, form } = await loginChallenge(sim, browser);

    expect(first.status).toBe(302);
    expect(first.header('set-cookie')).toMatch(/HttpOnly/);
    expect(challenge.header('content-type')).toMatch(/^text\/html/);
    expect(form.method).toBe('post');
    expect(form.inputs.map((input) => input.type).sort()).toEqual(['hidden', 'hidden', 'password', 'text']);
    expect([...form.labelsFor].sort()).toEqual(['password', 'username']);

    const { username, password } = sim.platform.credentials.users.full;
    const consent = await browser.post(form.action, formFields(form, { username, password }));
    expect(consent.status).toBe(200);
    const consentPage = readPage(consent.text, form.action);
    expect(consentPage.parseErrors).toEqual([]);
    const consentForm = consentPage.forms[0];
    if (consentForm === undefined) throw new Error('no consent form');
    expect(consentForm.buttons.map((button) => button.label)).toContain('Allow');
    expect(consentForm.inputs.every((input) => input.type === 'hidden')).toBe(true);

    const done = await browser.post(consentForm.action, formFields(consentForm, {}, 'allow'));
    expect(done.status).toBe(302);
    const location = new URL(done.header('location') ?? '');
    expect(location.origin + location.pathname).toBe(sim.platform.credentials.redirectUri);
    expect(location.searchParams.get('state')).toBe('Xy7-q2Zt');
    expect(location.searchParams.get('iss')).toBe(sim.address.authUrl);
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[\w-]{32,}$/);

    const tokens = await exchangeCode(sim, code ?? '');
    expect(tokens.status).toBe(200);
    expect(tokens.header('cache-control')).toBe('no-store');
    const body = tokens.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid' });
    expect(body.access_token).not.toBe(body.refresh_token);
    expect(String(body.id_token).split('.')).toHaveLength(3);
  });

  it('shows the form again with a message after a wrong password, without a redirect', async () => {
    const sim = await startSim({ version });
    const browser = new Browser();
    const { form } = await loginChallenge(sim, browser);
    const retry = await browser.post(form.action, formFields(form, { username: 'integration.admin', password: 'not-the-password' }));
    expect(retry.status).toBe(200);
    expect(retry.header('location')).toBeUndefined();
    const page = readPage(retry.text, form.action);
    expect(page.parseErrors).toEqual([]);
    expect(page.text).toContain('Invalid username or password');
    expect(page.forms[0]?.inputs.some((input) => input.type === 'password')).toBe(true);
  });

  it('escapes what it echoes into the page', async () => {
    const sim = await startSim({ version });
    const browser = new Browser();
    const { form } = await loginChallenge(sim, browser);
    const retry = await browser.post(form.action, formFields(form, { username: '"><script>x</script>', password: 'x' }));
    expect(retry.text).not.toContain('<script>');
    expect(readPage(retry.text, form.action).forms[0]?.inputs.find((input) => input.name === 'username')?.value).toBe('"><script>x</script>');
  });

  it('refuses a form post without the session cookie or with a wrong CSRF value', async () => {
    const sim = await startSim({ version });
    const browser = new Browser();
    const { form } = await loginChallenge(sim, browser);
    const { username, password } = sim.platform.credentials.users.full;

    const withoutCookie = await send('POST', form.action, { form: formFields(form, { username, password }) });
    expect(withoutCookie.status).toBe(403);
    const forged = await browser.post(form.action, formFields(form, { username, password, _csrf: 'forged' }));
    expect(forged.status).toBe(403);
    expect(forged.header('location')).toBeUndefined();
  });

  it('refuses to open the login challenge without the session cookie of the authorization request', async () => {
    const sim = await startSim({ version });
    const { url } = await loginChallenge(sim, new Browser());
    const withoutCookie = await send('GET', url);
    expect(withoutCookie.status).toBe(400);
    expect(withoutCookie.header('location')).toBeUndefined();
    expect(readPage(withoutCookie.text, url).forms).toEqual([]);
  });

  it('redirects with access_denied when the user denies consent', async () => {
    const sim = await startSim({ version });
    const browser = new Browser();
    const { form } = await loginChallenge(sim, browser);
    const { username, password } = sim.platform.credentials.users.full;
    const consent = await browser.post(form.action, formFields(form, { username, password }));
    const consentForm = readPage(consent.text, form.action).forms[0];
    if (consentForm === undefined) throw new Error('no consent form');
    const denied = await browser.post(consentForm.action, formFields(consentForm, {}, 'deny'));
    const location = new URL(denied.header('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it(`serves only its own authorization path: the ${other} path is 404`, async () => {
    const sim = await startSim({ version });
    const foreign = await send('GET', authorizationUrl(sim, authorizationFlows[other].params, other));
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, error: 'Not Found', path: `/cas${authorizationFlows[other].path}` });
  });
});
