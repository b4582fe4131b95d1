/**
 * LOGIN_DRIVER=browser against the embedded CAS, in the system's Chromium:
 * both authorization-code flows (7.4, 8.0), on the plain login form and on
 * the login page whose form a script builds (`--login-page script`). The
 * code goes to the same token exchange as the form driver's. A listener at
 * REDIRECT_URI proves the redirect is read, never loaded. The form driver on
 * the script page fails with LOGIN_FAILED that names LOGIN_DRIVER=browser.
 * One browser for the file; no timing is asserted, and the timeouts only
 * catch a hang (test/support/hang-timeout.ts). Without Chromium the tests
 * that need it are skipped (test/support/browser-tests.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserServer } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authorizationUrl } from '../../../src/auth/authorization-request.ts';
import { loginWithBrowser, viewLoginChallenge, type LoginWithBrowserOptions } from '../../../src/auth/browser-login.ts';
import { chromiumExecutable, connectChromium, launchChromiumServer, refuseProtocolLogging } from '../../../src/auth/chromium.ts';
import { isLoginError, loginWithForm, type LoginError } from '../../../src/auth/login-driver.ts';
import { generateState } from '../../../src/auth/state.ts';
import { exchangeCode, tokenEndpoint } from '../../../src/auth/token-endpoint.ts';
import { HttpClient } from '../../../src/http/client.ts';
import { SecretRegistry } from '../../../src/http/redact.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { createPlatform, type LoginPageKind, type Platform } from '../../../simulator/platform.ts';

/** What the browser and the CAS get for each step: a bound on a hang, not a measure. */
const timeoutMs = 300_000;
const browserTests = inject('browserTests');
const needsBrowser = browserTests ? '' : ' (skipped: no Chromium)';
let server: BrowserServer | undefined;
let browser: Browser;
let redirectListener: Server | undefined;
let redirectUri: string;
let redirectHits = 0;
const platforms: Platform[] = [];

beforeAll(async () => {
  const listener = createServer((_request, response) => {
    redirectHits += 1;
    response.end('the app');
  });
  redirectListener = listener;
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  if (!browserTests) return;
  server = await launchChromiumServer(chromiumExecutable(process.env.CHROMIUM_PATH), timeoutMs);
  browser = await connectChromium(server.wsEndpoint(), timeoutMs);
});

// Whatever the setup got to: a listener or a browser that never started is not waited for.
afterAll(async () => {
  await Promise.all(platforms.map((platform) => platform.close()));
  await server?.close();
  const listener = redirectListener;
  if (listener) await new Promise((resolve) => listener.close(resolve));
});

async function startCas(version: '7.4' | '8.0', loginPage: LoginPageKind): Promise<{ platform: Platform; authUrl: string }> {
  const platform = createPlatform({ version, loginPage, redirectUri, modules: [] });
  platforms.push(platform);
  const { authUrl } = await platform.listen(0);
  return { platform, authUrl };
}

function loginOptions(version: '7.4' | '8.0', platform: Platform, authUrl: string, state: string, password = platform.credentials.users.full.password): LoginWithBrowserOptions {
  return {
    authorizationUrl: authorizationUrl(versionProfiles[version], { authUrl, clientId: platform.credentials.clientId, redirectUri, state }),
    redirectUri,
    username: platform.credentials.users.full.username,
    password,
    timeoutMs,
  };
}

function client(secrets: SecretRegistry): HttpClient {
  return new HttpClient({ timeoutMs, maxConcurrency: 2, secrets });
}

describe.runIf(browserTests)(`loginWithBrowser: the authorization-code flow of each version, to the same token exchange${needsBrowser}`, () => {
  for (const version of ['7.4', '8.0'] as const) {
    for (const loginPage of ['form', 'script'] as const) {
      it(`${version}, ${loginPage} login page: a code and the state, then tokens; REDIRECT_URI is never requested`, async () => {
        const { platform, authUrl } = await startCas(version, loginPage);
        const secrets = new SecretRegistry();
        const state = generateState();
        const hitsBefore = redirectHits;
        const result = await loginWithBrowser(browser, secrets, loginOptions(version, platform, authUrl, state));
        expect(result.kind).toBe('code');
        expect(result.state).toBe(state);
        expect(redirectHits, 'the redirect to REDIRECT_URI is read, not loaded').toBe(hitsBefore);
        if (result.kind !== 'code') return;
        expect(secrets.scrub(result.code), 'the code is registered as a secret').not.toContain(result.code);
        const http = client(secrets);
        try {
          const tokens = await exchangeCode(http, tokenEndpoint(versionProfiles[version], authUrl), {
            code: result.code,
            clientId: platform.credentials.clientId,
            clientSecret: platform.credentials.clientSecret,
            redirectUri,
          });
          expect(tokens.accessToken.length).toBeGreaterThan(0);
        } finally {
          await http.close();
        }
      });
    }
  }
});

describe.runIf(browserTests)(`loginWithBrowser: failures are LOGIN_FAILED without secrets${needsBrowser}`, () => {
  it('a wrong password on the script page: credentials-refused, the password nowhere in the message', async () => {
    const { platform, authUrl } = await startCas('8.0', 'script');
    const wrong = 'wrong-password-5f4e3d2c';
    const error = await loginWithBrowser(browser, new SecretRegistry(), loginOptions('8.0', platform, authUrl, generateState(), wrong)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isLoginError(error, 'credentials-refused'), String(error)).toBe(true);
    const message = (error as LoginError).message;
    expect(message).toContain('Invalid username or password');
    expect(message).not.toContain(wrong);
  });

  it('an unregistered redirect_uri: the CAS shows an error page, the browser stops there (error-page)', async () => {
    const { platform, authUrl } = await startCas('7.4', 'script');
    const elsewhere = 'http://127.0.0.1:9/not-registered';
    const options = loginOptions('7.4', platform, authUrl, generateState());
    const error = await loginWithBrowser(browser, new SecretRegistry(), {
      ...options,
      redirectUri: elsewhere,
      authorizationUrl: authorizationUrl(versionProfiles['7.4'], { authUrl, clientId: platform.credentials.clientId, redirectUri: elsewhere, state: generateState() }),
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isLoginError(error, 'error-page'), String(error)).toBe(true);
    expect((error as LoginError).stop.status).toBe(400);
  });
});

describe('the script login page needs the browser', () => {
  it('the form driver stops with LOGIN_FAILED (needs-browser) that suggests LOGIN_DRIVER=browser', async () => {
    const { platform, authUrl } = await startCas('8.0', 'script');
    const secrets = new SecretRegistry();
    const http = client(secrets);
    try {
      const error = await loginWithForm(http, loginOptions('8.0', platform, authUrl, generateState())).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isLoginError(error, 'needs-browser'), String(error)).toBe(true);
      expect((error as LoginError).code).toBe('LOGIN_FAILED');
      expect((error as LoginError).message).toContain('LOGIN_DRIVER=browser');
    } finally {
      await http.close();
    }
  });

  it.runIf(browserTests)(`the browser sees the login challenge the script builds: a password form, no code${needsBrowser}`, async () => {
    const { platform, authUrl } = await startCas('8.0', 'script');
    const view = await viewLoginChallenge(browser, new SecretRegistry(), loginOptions('8.0', platform, authUrl, generateState()));
    expect(view).toEqual({ redirectedWith: undefined, status: 200, passwordForm: true });
  });
});

describe('CHROMIUM_PATH', () => {
  it('a path that does not exist is CONFIG_INVALID naming CHROMIUM_PATH', () => {
    expect(() => chromiumExecutable('/nonexistent/chromium')).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining('CHROMIUM_PATH /nonexistent/chromium does not exist') }));
  });
});

describe("Playwright's protocol logging", () => {
  it('DEBUG naming pw: channels or everything is CONFIG_INVALID: it would print the typed password', () => {
    for (const debug of ['pw:protocol', 'pw:*', '*', 'express:*,pw:api']) {
      expect(() => refuseProtocolLogging(debug), debug).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining('unset DEBUG') }));
    }
  });

  it('other DEBUG values, and excluded pw: channels, are left alone', () => {
    for (const debug of [undefined, '', '1', 'express:*', 'express,-pw:*']) expect(() => refuseProtocolLogging(debug)).not.toThrow();
  });
});
