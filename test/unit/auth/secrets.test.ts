/**
 * The whole OAuth side through one client: login, code exchange, refresh.
 * Afterwards the exchange log must hold no password, client secret, code,
 * session cookie or token (DESIGN.md "Rules": redact at the HTTP layer).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizationUrl } from '../../../src/auth/authorization-request.ts';
import { loginWithForm } from '../../../src/auth/login-driver.ts';
import { generateState } from '../../../src/auth/state.ts';
import { exchangeCode, tokenEndpoint } from '../../../src/auth/token-endpoint.ts';
import { TokenManager } from '../../../src/auth/token-manager.ts';
import { TokenStore, tokenStoreTarget } from '../../../src/auth/token-store.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { formOf, mockHttp, type MockHttp } from '../../support/mock-http.ts';

const CAS = 'https://cas.example';
const REDIRECT_URI = 'https://app.example/callback';
const secrets = {
  password: 'pw-9f8e7d6c',
  clientSecret: 'cs-1a2b3c4d5e',
  code: 'code-55aa66bb',
  session: 'sid-0c0ffee0',
  csrf: 'csrf-77e7e7e7',
  access1: 'at-11111111',
  refresh1: 'rt-11111111',
  id1: 'idt-11111111',
  access2: 'at-22222222',
  refresh2: 'rt-22222222',
};
const json = { 'content-type': 'application/json' };
const html = { 'content-type': 'text/html' };

let http: MockHttp;
let dir: string;
beforeEach(async () => {
  http = mockHttp();
  dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-secrets-'));
});
afterEach(async () => {
  await http.close();
  await rm(dir, { recursive: true, force: true });
});

describe('secrets stay out of the exchange log', () => {
  for (const version of ['7.4', '8.0'] as const) {
    it(`login → code exchange → refresh (${version})`, async () => {
      const profile = versionProfiles[version];
      const state = generateState();
      const cas = http.agent.get(CAS);
      cas.intercept({ path: (path) => path.startsWith(`${profile.authorizationPath}?`), method: 'GET' }).reply(200, `<form method=post action=/login><input type=hidden name=_csrf value=${secrets.csrf}><input name=username><input type=password name=password></form>`, {
        headers: { ...html, 'set-cookie': `JSESSIONID=${secrets.session}; Path=/; HttpOnly` },
      });
      cas.intercept({ path: '/login', method: 'POST' }).reply(200, '<form method=post action=/consent><button name=confirm value=yes>Confirm</button></form>', { headers: html });
      cas.intercept({ path: '/consent', method: 'POST' }).reply(302, '', { headers: { location: `${REDIRECT_URI}?code=${secrets.code}&state=${state}` } });
      cas
        .intercept({ path: profile.tokenPath, method: 'POST', body: (body) => formOf(body).grant_type === 'authorization_code' })
        .reply(200, JSON.stringify({ access_token: secrets.access1, refresh_token: secrets.refresh1, id_token: secrets.id1, token_type: 'Bearer', expires_in: 3600 }), { headers: json });
      cas
        .intercept({ path: profile.tokenPath, method: 'POST', body: (body) => formOf(body).grant_type === 'refresh_token' })
        .reply(200, JSON.stringify({ access_token: secrets.access2, refresh_token: secrets.refresh2, token_type: 'bearer', expires_in: 3600 }), { headers: json });

      const login = await loginWithForm(http.client, {
        authorizationUrl: authorizationUrl(profile, { authUrl: CAS, clientId: 'app-1', redirectUri: REDIRECT_URI, state }),
        redirectUri: REDIRECT_URI,
        username: 'alice',
        password: secrets.password,
        expectedState: state,
      });
      if (login.kind !== 'code') throw new Error('expected a code');
      const endpoint = tokenEndpoint(profile, CAS);
      const tokens = await exchangeCode(http.client, endpoint, { code: login.code, clientId: 'app-1', clientSecret: secrets.clientSecret, redirectUri: REDIRECT_URI });
      const store = new TokenStore(join(dir, 'tokens.json'), tokenStoreTarget('https://platform.example', 'app-1'), { secrets: http.secrets });
      const manager = await TokenManager.fromLogin({ client: http.client, tokenEndpoint: endpoint, clientId: 'app-1', clientSecret: secrets.clientSecret, store }, tokens);
      expect(await manager.forceRefresh()).toBe(secrets.access2);

      const entries = http.client.log.drain();
      expect(entries).toHaveLength(5);
      const log = JSON.stringify(entries);
      for (const [name, value] of Object.entries(secrets)) {
        if (name === 'csrf') continue; // not a secret of ours; hidden fields are shown
        expect(log, `${name} leaked into the exchange log`).not.toContain(value);
      }
      expect(log).toContain('alice');
      // The redirect that carried the code is still readable, with the code and the state redacted (docs/secrets.md).
      expect(entries[2]?.responseHeaders?.location).toBe(`${REDIRECT_URI}?code=%5BREDACTED%5D&state=%5BREDACTED%5D`);
      expect(log).not.toContain(state);
    });
  }
});
