/**
 * Invalid authorization requests (spec §4.1, §5.4, §7 "Scope error"; RFC 6749
 * §4.1.2.1): an untrusted client or redirect URI gets an error page and never
 * a redirect; every other error goes back to the registered redirect URI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimVersion } from '../../simulator/version.ts';
import { authorizationUrl, loginChallengePath, readPage, send, startSim, stopAll, versions, type Sim } from './_sim.ts';

afterAll(stopAll);

interface ErrorPageVector {
  readonly name: string;
  readonly overrides: Readonly<Record<string, string | undefined>>;
}

const errorPageVectors: readonly ErrorPageVector[] = [
  { name: 'an unknown client_id', overrides: { client_id: 'someone-else' } },
  { name: 'no client_id', overrides: { client_id: undefined } },
  { name: 'an unregistered redirect_uri', overrides: { redirect_uri: 'https://attacker.example/steal' } },
  { name: 'a redirect_uri differing only in its path', overrides: { redirect_uri: 'http://127.0.0.1:47913/callback/extra' } },
  { name: 'no redirect_uri', overrides: { redirect_uri: undefined } },
];

interface RedirectVector {
  readonly name: string;
  readonly versions: readonly SimVersion[];
  readonly overrides: Readonly<Record<string, string | undefined>>;
  readonly error: string;
  /** The state expected back; undefined: none, because none was sent. */
  readonly state: string | undefined;
}

const redirectVectors: readonly RedirectVector[] = [
  { name: 'no response_type', versions, overrides: { response_type: undefined }, error: 'invalid_request', state: 'Xy7-q2Zt' },
  { name: 'response_type=token', versions, overrides: { response_type: 'token' }, error: 'unsupported_response_type', state: 'Xy7-q2Zt' },
  { name: 'no state', versions, overrides: { state: undefined }, error: 'invalid_request', state: undefined },
  { name: 'a state of 7 characters', versions, overrides: { state: 'abcdefg' }, error: 'invalid_request', state: 'abcdefg' },
  { name: 'a state of 9 characters', versions, overrides: { state: 'abcdefghi' }, error: 'invalid_request', state: 'abcdefghi' },
  { name: 'no scope', versions: ['7.4'], overrides: { scope: undefined }, error: 'invalid_scope', state: 'Xy7-q2Zt' },
  { name: 'scope=profile', versions: ['7.4'], overrides: { scope: 'profile' }, error: 'invalid_scope', state: 'Xy7-q2Zt' },
  { name: 'scope="openid profile"', versions: ['7.4'], overrides: { scope: 'openid profile' }, error: 'invalid_scope', state: 'Xy7-q2Zt' },
  { name: 'no response_mode', versions: ['8.0'], overrides: { response_mode: undefined }, error: 'invalid_request', state: 'Xy7-q2Zt' },
  { name: 'response_mode=fragment', versions: ['8.0'], overrides: { response_mode: 'fragment' }, error: 'invalid_request', state: 'Xy7-q2Zt' },
];

describe.each(versions)('invalid authorization requests at %s', (version) => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ version });
  });

  for (const vector of errorPageVectors) {
    it(`answers ${vector.name} with an error page, never a redirect`, async () => {
      const url = authorizationUrl(sim, vector.overrides);
      const reply = await send('GET', url);
      expect(reply.status).toBe(400);
      expect(reply.header('location')).toBeUndefined();
      expect(reply.header('content-type')).toMatch(/^text\/html/);
      expect(readPage(reply.text, url).parseErrors).toEqual([]);
    });
  }

  for (const vector of redirectVectors.filter((candidate) => candidate.versions.includes(version))) {
    it(`redirects ${vector.name} back with error=${vector.error}`, async () => {
      const reply = await send('GET', authorizationUrl(sim, vector.overrides));
      expect(reply.status).toBe(302);
      const location = new URL(reply.header('location') ?? '');
      expect(location.origin + location.pathname).toBe(sim.platform.credentials.redirectUri);
      expect(location.searchParams.get('error')).toBe(vector.error);
      expect(location.searchParams.get('state') ?? undefined).toBe(vector.state);
      expect(location.searchParams.has('code')).toBe(false);
    });
  }

  it("ignores the other version's parameter", async () => {
    const extra = version === '7.4' ? { response_mode: 'query' } : { scope: 'openid' };
    const reply = await send('GET', authorizationUrl(sim, extra));
    expect(reply.status).toBe(302);
    expect(new URL(reply.header('location') ?? '', sim.address.authUrl).pathname, 'on to the login challenge').toBe(loginChallengePath);
  });
});
