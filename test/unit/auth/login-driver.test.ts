import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizationUrl } from '../../../src/auth/authorization-request.ts';
import { isLoginError, loginWithForm, type LoginError } from '../../../src/auth/login-driver.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { formOf, headerOf, mockHttp, type MockHttp } from '../../support/mock-http.ts';

const CAS = 'https://cas.example';
const REDIRECT_URI = 'https://app.example/callback';
const STATE = 'St8_abcd';
const PASSWORD = 'correct-horse-battery';
const CODE = 'auth-code-7f3a9c';
const SESSION = 'sess-91b2c3d4';

const html = { 'content-type': 'text/html; charset=utf-8' };

function loginForm(message = ''): string {
  return `<!doctype html><title>Sign in</title>
    ${message && `<p class="error">${message}</p>`}
    <form method="post" action="/login">
      <input type="hidden" name="challenge" value="ch-1">
      <input type="hidden" name="_csrf" value="csrf-1">
      <input name="username" type="text"><input name="password" type="password">
      <button type="submit">Sign in</button>
    </form>`;
}

const consentForm = `<!doctype html><title>Allow access?</title>
  <form method="post" action="/consent">
    <input type="hidden" name="consent_challenge" value="cc-1">
    <p>The app wants to access your account.</p>
    <button type="submit" name="decision" value="deny">Deny</button>
    <button type="submit" name="decision" value="allow">Allow</button>
  </form>`;

const start = authorizationUrl(versionProfiles['8.0'], { authUrl: CAS, clientId: 'app-1', redirectUri: REDIRECT_URI, state: STATE });
const credentials = { authorizationUrl: start, redirectUri: REDIRECT_URI, username: 'alice', password: PASSWORD };

let http: MockHttp;
beforeEach(() => {
  http = mockHttp();
});
afterEach(async () => {
  await http.close();
});

function cas() {
  return http.agent.get(CAS);
}

/** GET /oauth2/auth → 302 /login with a session cookie; GET /login → the login form. */
function mockAuthorizationAndLoginPage(): void {
  cas()
    .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
    .reply(302, '', { headers: { location: '/login?challenge=ch-1', 'set-cookie': `SID=${SESSION}; Path=/; HttpOnly` } });
  cas()
    .intercept({ path: '/login?challenge=ch-1', method: 'GET' })
    .reply((request) => {
      expect(headerOf(request.headers, 'cookie')).toBe(`SID=${SESSION}`);
      return { statusCode: 200, data: loginForm(), responseOptions: { headers: html } };
    });
}

async function failure(promise: Promise<unknown>): Promise<LoginError> {
  try {
    await promise;
  } catch (error) {
    if (isLoginError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoginError');
}

describe('loginWithForm: login → consent → redirect', () => {
  it('fills the login form, confirms consent with the allow button, and stops at REDIRECT_URI', async () => {
    mockAuthorizationAndLoginPage();
    cas()
      .intercept({ path: '/login', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body)).toEqual({ challenge: 'ch-1', _csrf: 'csrf-1', username: 'alice', password: PASSWORD });
        expect(headerOf(request.headers, 'content-type')).toBe('application/x-www-form-urlencoded');
        expect(headerOf(request.headers, 'cookie')).toBe(`SID=${SESSION}`);
        return { statusCode: 303, data: '', responseOptions: { headers: { location: '/consent?consent_challenge=cc-1' } } };
      });
    cas().intercept({ path: '/consent?consent_challenge=cc-1', method: 'GET' }).reply(200, consentForm, { headers: html });
    cas()
      .intercept({ path: '/consent', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body)).toEqual({ consent_challenge: 'cc-1', decision: 'allow' });
        expect(headerOf(request.headers, 'cookie')).toBe(`SID=${SESSION}`);
        const location = `${REDIRECT_URI}?code=${CODE}&state=${STATE}&iss=${encodeURIComponent(CAS)}`;
        return { statusCode: 302, data: '', responseOptions: { headers: { location } } };
      });
    // No interceptor for app.example: with the network off, requesting REDIRECT_URI would fail the test.

    const result = await loginWithForm(http.client, { ...credentials, expectedState: STATE });
    expect(result).toMatchObject({ kind: 'code', code: CODE, state: STATE, iss: CAS, steps: 5 });
    expect(result.redirect.href).toBe(`${REDIRECT_URI}?code=${CODE}&state=${STATE}&iss=${encodeURIComponent(CAS)}`);
  });

  it('submits a consent form on its own page (no button name) and follows a GET form', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(200, `<title>Confirm</title><form action="/oauth2/confirm" method="get"><input type=hidden name=t value=tk-1><input type=submit value="Accept"></form>`, { headers: html });
    cas()
      .intercept({ path: '/oauth2/confirm?t=tk-1', method: 'GET' })
      .reply(302, '', { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=${STATE}` } });
    const result = await loginWithForm(http.client, credentials);
    expect(result).toMatchObject({ kind: 'code', code: CODE, steps: 2 });
  });

  it('handles identifier-first login (username page, then password page)', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(200, `<form method=post action=/id><input type=email name=email><button>Next</button></form>`, { headers: html });
    cas()
      .intercept({ path: '/id', method: 'POST', body: 'email=alice' })
      .reply(200, `<form method=post action=/pw><input type=hidden name=email value=alice><input type=password name=pw></form>`, { headers: html });
    cas()
      .intercept({ path: '/pw', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body)).toEqual({ email: 'alice', pw: PASSWORD });
        return { statusCode: 302, data: '', responseOptions: { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=${STATE}` } } };
      });
    expect(await loginWithForm(http.client, credentials)).toMatchObject({ kind: 'code', steps: 3 });
  });

  it('uses LOGIN_USERNAME_FIELD / LOGIN_PASSWORD_FIELD when the names are unusual', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(200, `<form method=post action=/j><input name=j_a><input name=j_b><input name=j_c type=password><input name=j_d type=password></form>`, { headers: html });
    cas()
      .intercept({ path: '/j', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body)).toEqual({ j_a: '', j_b: 'alice', j_c: '', j_d: PASSWORD });
        return { statusCode: 302, data: '', responseOptions: { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=${STATE}` } } };
      });
    const result = await loginWithForm(http.client, { ...credentials, fields: { username: 'j_b', password: 'j_d' } });
    expect(result.kind).toBe('code');
  });

  it('returns the OAuth error of the redirect (scope error, spec §7)', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(302, '', { headers: { location: `${REDIRECT_URI}?error=invalid_scope&error_description=bad+scope&state=${STATE}` } });
    const result = await loginWithForm(http.client, credentials);
    expect(result).toMatchObject({ kind: 'error', error: 'invalid_scope', errorDescription: 'bad scope', state: STATE, steps: 1 });
  });

  it('repeats a POST on 307', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(307, '', { headers: { location: '/login2' } });
    cas()
      .intercept({ path: '/login2', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body).password).toBe(PASSWORD);
        return { statusCode: 302, data: '', responseOptions: { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=${STATE}` } } };
      });
    expect((await loginWithForm(http.client, credentials)).kind).toBe('code');
  });
});

describe('loginWithForm: failures (LOGIN_FAILED)', () => {
  it('says the credentials were refused when the login form comes back, naming the variable and never the password', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(401, loginForm('Invalid username or password'), { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.code).toBe('LOGIN_FAILED');
    expect(error.reason).toBe('credentials-refused');
    expect(error.message).toContain('the CAS refused the credentials of LOGIN_USERNAME');
    expect(error.message).toContain('Invalid username or password');
    expect(error.message).not.toContain(PASSWORD);
    expect(error.stop).toMatchObject({ status: 401, url: `${CAS}/login`, title: 'Sign in' });
  });

  it('names the variables the credentials came from (the limited user)', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(200, loginForm(), { headers: html });
    const error = await failure(loginWithForm(http.client, { ...credentials, credentialVariables: { username: 'LIMITED_USERNAME', password: 'LIMITED_PASSWORD' } }));
    expect(error.message).toMatch(/LIMITED_USERNAME.*LIMITED_PASSWORD/);
  });

  it('reports an error page instead of a redirect (unregistered redirect_uri)', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(400, '<html><head><title>Invalid request</title></head><body><div class="error-box">redirect_uri is not registered for this client</div></body></html>', { headers: html });
    const error = await failure(loginWithForm(http.client, { ...credentials, redirectUri: 'https://unregistered.example/cb' }));
    expect(error.reason).toBe('error-page');
    expect(error.stop).toEqual({ status: 400, url: `${CAS}/oauth2/auth`, title: 'Invalid request', message: 'redirect_uri is not registered for this client' });
  });

  it('an authorization endpoint that is not there (404) names the endpoint settings, TARGET_VERSION and AUTH_URL', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(404, '<title>Not Found</title><h1>Not Found</h1>', { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('error-page');
    expect(error.message).toContain('{auth_url}/api/v1.1/authorization for 7.4 and {auth_url}/oauth2/auth for 8.0');
    expect(error.message).toContain('set AUTHORIZATION_ENDPOINT and TOKEN_ENDPOINT');
    expect(error.message).toContain('AUTH_DISCOVERY=true');
    expect(error.message).toContain('check TARGET_VERSION and AUTH_URL');
  });

  it('an error page later in the login gives no such hint', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(404, '<title>Not Found</title>', { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('error-page');
    expect(error.message).not.toContain('TARGET_VERSION');
  });

  it('quotes the start of an error page that has no message element', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(400, '<title>Error</title><h1>The request cannot be completed</h1><p>Error: <code>invalid_request</code></p><p>redirect_uri is not registered</p>', { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.stop.message).toBe('The request cannot be completed Error: invalid_request redirect_uri is not registered');
    expect(error.message).toContain('did not redirect to REDIRECT_URI');
  });

  it('reports an error page after login too, and a 4xx page whose only form is not a login form', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(400, '<title>Error</title><form action="/back"><button>Back</button></form>', { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('error-page');
    expect(error.stop.title).toBe('Error');
  });

  it('reports a JSON error body as an error page', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(400, JSON.stringify({ error: 'invalid_request', error_description: 'redirect_uri mismatch' }), { headers: { 'content-type': 'application/json' } });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('error-page');
    expect(error.stop.message).toContain('redirect_uri mismatch');
  });

  it('detects the same form shown again (consent loop)', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(302, '', { headers: { location: '/consent' } });
    cas().intercept({ path: '/consent', method: 'GET' }).reply(200, consentForm, { headers: html }).times(2);
    cas().intercept({ path: '/consent', method: 'POST' }).reply(302, '', { headers: { location: '/consent' } });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('loop');
    expect(error.message).toContain('did not reach REDIRECT_URI after 6 steps');
  });

  it('gives up after maxSteps redirects', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(302, '', { headers: { location: '/a' } });
    cas().intercept({ path: '/a', method: 'GET' }).reply(302, '', { headers: { location: '/b' } }).times(2);
    cas().intercept({ path: '/b', method: 'GET' }).reply(302, '', { headers: { location: '/a' } });
    const error = await failure(loginWithForm(http.client, { ...credentials, maxSteps: 4 }));
    expect(error.reason).toBe('loop');
    expect(error.message).toBe(`the login did not reach REDIRECT_URI after 4 steps; last at ${CAS}/a (HTTP 302)`);
  });

  it('does not follow an authorization response to another address', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(302, '', { headers: { location: `https://registered.example/cb?code=${CODE}&state=${STATE}` } });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('unexpected-redirect');
    expect(error.message).toContain('https://registered.example/cb');
    expect(error.message).not.toContain(CODE);
  });

  it('asks for LOGIN_USERNAME_FIELD when the username field cannot be found', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(200, '<form method=post><input name=a><input name=b><input type=password name=p></form>', { headers: html });
    const error = await failure(loginWithForm(http.client, credentials));
    expect(error.reason).toBe('fields-not-found');
    expect(error.message).toContain('LOGIN_USERNAME_FIELD');
  });

  it('checks the state echo only when asked', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(302, '', { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=wrong123` } })
      .times(2);
    expect(await loginWithForm(http.client, credentials)).toMatchObject({ kind: 'code', state: 'wrong123' });
    await expect(loginWithForm(http.client, { ...credentials, expectedState: STATE })).rejects.toMatchObject({ code: 'LOGIN_FAILED' });
  });
});

describe('loginWithForm: secrets', () => {
  it('registers the password and the code, and the exchange log holds neither', async () => {
    mockAuthorizationAndLoginPage();
    cas().intercept({ path: '/login', method: 'POST' }).reply(302, '', { headers: { location: `${REDIRECT_URI}?code=${CODE}&state=${STATE}` } });
    await loginWithForm(http.client, credentials);
    expect(http.secrets.scrub(`${PASSWORD} ${CODE}`)).toBe('[REDACTED] [REDACTED]');
    const log = JSON.stringify(http.client.log.drain());
    for (const secret of [PASSWORD, CODE, SESSION]) expect(log).not.toContain(secret);
  });
});

describe('loginWithForm: a wrong field override', () => {
  it('asks to fix LOGIN_PASSWORD_FIELD instead of submitting the login form without a password', async () => {
    cas()
      .intercept({ path: (path) => path.startsWith('/oauth2/auth?'), method: 'GET' })
      .reply(200, '<form method=post><input name=username><input type=password name=password></form>', { headers: html });
    const error = await failure(loginWithForm(http.client, { ...credentials, fields: { password: 'pass' } }));
    expect(error.reason).toBe('fields-not-found');
    expect(error.message).toContain('LOGIN_PASSWORD_FIELD');
  });
});
