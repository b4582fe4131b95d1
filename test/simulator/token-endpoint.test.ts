/**
 * The token endpoint (spec §4.1, §5.5, §5.9, §7; RFC 6749 §4.1.3, §5.2):
 * codes are single use, short-lived and bound to client and redirect URI;
 * only Authorization Code and refresh are supported; errors are OAuth JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationCode,
  callApi,
  exchangeCode,
  send,
  startSim,
  stopAll,
  tokenPair,
  tokenRequest,
  tokenUrl,
  type Sim,
} from './_sim.ts';

afterAll(stopAll);

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ version: '8.0' });
});

function expectOAuthError(reply: { status: number; header(name: string): string | undefined; json(): Record<string, unknown> }, status: number, error: string): void {
  expect(reply.status).toBe(status);
  expect(reply.header('cache-control')).toBe('no-store');
  expect(reply.json()).toMatchObject({ error, error_description: expect.any(String) });
}

describe('authorization codes', () => {
  it('are single use, and reuse revokes the tokens issued for the code', async () => {
    const code = await authorizationCode(sim);
    const first = tokenPair(await exchangeCode(sim, code));
    expect((await callApi(sim, first.accessToken)).status).toBe(200);

    expectOAuthError(await exchangeCode(sim, code), 400, 'invalid_grant');
    expect((await callApi(sim, first.accessToken)).status).toBe(401);
    expectOAuthError(await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: first.refreshToken }), 400, 'invalid_grant');
  });

  it('are bound to the redirect URI of the authorization request', async () => {
    const code = await authorizationCode(sim);
    expectOAuthError(await exchangeCode(sim, code, { redirect_uri: 'http://127.0.0.1:47913/other' }), 400, 'invalid_grant');
  });

  it('expire after 60 seconds', async () => {
    const code = await authorizationCode(sim);
    sim.clock.advance(61);
    expectOAuthError(await exchangeCode(sim, code), 400, 'invalid_grant');
  });

  it('are refused when unknown', async () => {
    expectOAuthError(await exchangeCode(sim, 'never-issued'), 400, 'invalid_grant');
  });
});

describe('client authentication', () => {
  it('refuses a wrong client secret with 401 invalid_client and a challenge', async () => {
    const code = await authorizationCode(sim);
    const reply = await exchangeCode(sim, code, { client_secret: 'wrong-secret' });
    expectOAuthError(reply, 401, 'invalid_client');
    expect(reply.header('www-authenticate')).toMatch(/^Basic /);
  });

  it('refuses an unknown client id', async () => {
    const code = await authorizationCode(sim);
    expectOAuthError(await exchangeCode(sim, code, { client_id: 'someone-else' }), 401, 'invalid_client');
  });

  it('accepts HTTP Basic as RFC 6749 §2.3.1 requires', async () => {
    const code = await authorizationCode(sim);
    const { clientId, clientSecret, redirectUri } = sim.platform.credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const reply = await send('POST', tokenUrl(sim), {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    });
    expect(reply.status).toBe(200);
  });
});

describe('grant types and request shape', () => {
  for (const grantType of ['client_credentials', 'password', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code']) {
    it(`refuses grant_type=${grantType} with unsupported_grant_type`, async () => {
      const { username, password } = sim.platform.credentials.users.full;
      expectOAuthError(await tokenRequest(sim, { grant_type: grantType, username, password }), 400, 'unsupported_grant_type');
    });
  }

  const missingFieldVectors: readonly { readonly name: string; readonly fields: Readonly<Record<string, string>> }[] = [
    { name: 'grant_type', fields: { code: 'c', redirect_uri: 'r' } },
    { name: 'code', fields: { grant_type: 'authorization_code', redirect_uri: 'r' } },
    { name: 'redirect_uri', fields: { grant_type: 'authorization_code', code: 'c' } },
    { name: 'refresh_token', fields: { grant_type: 'refresh_token' } },
    { name: 'client_secret', fields: { grant_type: 'refresh_token', refresh_token: 'r', client_secret: '' } },
  ];
  for (const vector of missingFieldVectors) {
    it(`answers a request without ${vector.name} with invalid_request`, async () => {
      expectOAuthError(await tokenRequest(sim, vector.fields), 400, 'invalid_request');
    });
  }

  it('refuses a JSON body with invalid_request', async () => {
    const reply = await send('POST', tokenUrl(sim), {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expectOAuthError(reply, 400, 'invalid_request');
  });

  it('refuses a repeated parameter with invalid_request', async () => {
    const { clientId, clientSecret } = sim.platform.credentials;
    const form = new URLSearchParams([
      ['grant_type', 'refresh_token'],
      ['refresh_token', 'a'],
      ['refresh_token', 'b'],
      ['client_id', clientId],
      ['client_secret', clientSecret],
    ]);
    expectOAuthError(await send('POST', tokenUrl(sim), { form }), 400, 'invalid_request');
  });

  it('answers GET with 405 and Allow: POST', async () => {
    const reply = await send('GET', tokenUrl(sim));
    expect(reply.status).toBe(405);
    expect(reply.header('allow')).toBe('POST');
  });
});
