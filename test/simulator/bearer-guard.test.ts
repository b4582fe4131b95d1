/**
 * The bearer guard in front of the module APIs (spec §5.6, §5.7, §7;
 * RFC 6750 §3.1): 401 without a usable token, 403 for an expired one
 * (always), 403 for a missing role; the keyword in either case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, obtainTokens, probePaths, send, startSim, stopAll, type Sim, type TokenPair } from './_sim.ts';

afterAll(stopAll);

let sim: Sim;
let full: TokenPair;
beforeAll(async () => {
  sim = await startSim({ version: '8.0' });
  full = await obtainTokens(sim, 'full');
});

describe('401: no usable bearer token', () => {
  const vectors: readonly { readonly name: string; readonly authorization: string | undefined }[] = [
    { name: 'no Authorization header', authorization: undefined },
    { name: 'a token the CAS never issued', authorization: 'Bearer not-a-real-token' },
    { name: 'another scheme', authorization: 'Basic dXNlcjpwYXNz' },
    { name: 'the keyword alone', authorization: 'Bearer' },
    { name: 'two spaces after the keyword', authorization: 'Bearer  token' },
  ];
  for (const vector of vectors) {
    it(`answers ${vector.name} with 401 and a Bearer challenge`, async () => {
      const headers: Record<string, string> = vector.authorization === undefined ? {} : { authorization: vector.authorization };
      const reply = await send('GET', sim.address.baseUrl + probePaths.whoami, { headers });
      expect(reply.status).toBe(401);
      expect(reply.header('www-authenticate')).toMatch(/^Bearer /);
      expect(reply.json()).toMatchObject({ status: 401, error: 'Unauthorized', path: probePaths.whoami });
    });
  }
});

describe('the Bearer keyword', () => {
  for (const keyword of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
    it(`accepts "${keyword}" (spec §5.6: either case)`, async () => {
      const reply = await callApi(sim, full.accessToken, probePaths.whoami, keyword);
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ login: sim.platform.credentials.users.full.username });
    });
  }
});

describe('403', () => {
  it('answers an expired access token with 403, always', async () => {
    const shortLived = await startSim({ version: '7.4', tokenTtlSeconds: 1 });
    const pair = await obtainTokens(shortLived);
    expect((await callApi(shortLived, pair.accessToken)).status).toBe(200);
    shortLived.clock.advance(1);
    const reply = await callApi(shortLived, pair.accessToken);
    expect(reply.status).toBe(403);
    expect(reply.header('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('answers a user without the route role with 403, the full user with 200', async () => {
    const limited = await obtainTokens(sim, 'limited');
    expect((await callApi(sim, limited.accessToken, probePaths.whoami)).status).toBe(200);
    const refused = await callApi(sim, limited.accessToken, probePaths.reviewOnly);
    expect(refused.status).toBe(403);
    expect(refused.header('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect((await callApi(sim, full.accessToken, probePaths.reviewOnly)).status).toBe(200);
  });
});

describe('around the guard', () => {
  it('answers an unknown path with a Spring-style 404 body', async () => {
    const reply = await send('GET', `${sim.address.baseUrl}/dse/rest/v9/nothing`);
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({ timestamp: expect.any(String), status: 404, error: 'Not Found', path: '/dse/rest/v9/nothing' });
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const reply = await send('DELETE', sim.address.baseUrl + probePaths.whoami);
    expect(reply.status).toBe(405);
    expect(reply.header('allow')).toBe('GET, POST');
  });

  it('checks the token before reading the body, then answers malformed JSON with 400', async () => {
    const url = sim.address.baseUrl + probePaths.whoami;
    const broken = { headers: { 'content-type': 'application/json' }, body: '{"broken":' };
    expect((await send('POST', url, broken)).status).toBe(401);
    const reply = await send('POST', url, { ...broken, headers: { ...broken.headers, authorization: `Bearer ${full.accessToken}` } });
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ status: 400, error: 'Bad Request' });
  });

  it('hands the parsed JSON body to the handler', async () => {
    const reply = await send('POST', sim.address.baseUrl + probePaths.whoami, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${full.accessToken}` },
      body: JSON.stringify({ states: ['ACTIVE'] }),
    });
    expect(reply.json()).toEqual({ received: { states: ['ACTIVE'] } });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const reply = await send('POST', sim.address.baseUrl + probePaths.whoami, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${full.accessToken}` },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024) }),
    });
    expect(reply.status).toBe(413);
  });
});
