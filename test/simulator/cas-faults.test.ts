/**
 * Every CAS fault changes what a client observes, in every version it claims
 * (DESIGN.md "A check that has never failed is not a check"): each vector
 * runs one probe against a clean and a faulty instance and compares.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { casFaults } from '../../simulator/faults/cas.ts';
import {
  authorizationCode,
  authorizationUrl,
  authorize,
  callApi,
  exchangeCode,
  loginChallengePath,
  obtainTokens,
  refreshTokens,
  send,
  type Reply,
  startSim,
  stopAll,
  tokenPair,
  tokenRequest,
  type Sim,
} from './_sim.ts';

afterAll(stopAll);

interface FaultVector {
  /** What the probe does, as a sentence. */
  readonly probe: string;
  readonly run: (sim: Sim) => Promise<unknown>;
  /** The outcome on a platform that keeps the spec. */
  readonly clean: unknown;
  /** The outcome with the fault; absent when it is random, then it only has to differ. */
  readonly faulty?: unknown;
}

type CasFault = keyof typeof casFaults;

/** Where a redirect of the authorization endpoint goes: `code`, `error=<code>` (back to the client) or the path on the CAS. */
function redirectedTo(reply: Reply): string {
  const location = new URL(reply.header('location') ?? '', 'http://cas.invalid');
  if (location.searchParams.has('code')) return 'code';
  const error = location.searchParams.get('error');
  return error === null ? location.pathname : `error=${error}`;
}

function isCasFault(name: string): name is CasFault {
  return Object.hasOwn(casFaults, name);
}

const vectors: Readonly<Record<CasFault, FaultVector>> = {
  'state-not-echoed': {
    probe: 'the state on the redirect after consent',
    run: async (sim) => (await authorize(sim)).searchParams.get('state'),
    clean: 'Xy7-q2Zt',
  },
  'code-reusable': {
    probe: 'the status of a second exchange of one code',
    run: async (sim) => {
      const code = await authorizationCode(sim);
      await exchangeCode(sim, code);
      return (await exchangeCode(sim, code)).status;
    },
    clean: 400,
    faulty: 200,
  },
  'code-not-bound-to-redirect': {
    probe: 'the status of an exchange with another redirect_uri',
    run: async (sim) => (await exchangeCode(sim, await authorizationCode(sim), { redirect_uri: 'http://127.0.0.1:47913/elsewhere' })).status,
    clean: 400,
    faulty: 200,
  },
  'refresh-token-reusable': {
    probe: 'the status of a refresh with a rotated refresh token',
    run: async (sim) => {
      const first = await obtainTokens(sim);
      await refreshTokens(sim, first.refreshToken);
      return (await refreshTokens(sim, first.refreshToken)).status;
    },
    clean: 400,
    faulty: 200,
  },
  'refresh-not-rotated': {
    probe: 'whether a refresh returns the same refresh token',
    run: async (sim) => {
      const first = await obtainTokens(sim);
      return tokenPair(await refreshTokens(sim, first.refreshToken)).refreshToken === first.refreshToken;
    },
    clean: false,
    faulty: true,
  },
  'refresh-family-not-revoked': {
    probe: 'reuse of a rotated refresh token, then a call with the newest access token',
    run: async (sim) => {
      const first = await obtainTokens(sim);
      const second = tokenPair(await refreshTokens(sim, first.refreshToken));
      const reuse = await refreshTokens(sim, first.refreshToken);
      return [reuse.status, (await callApi(sim, second.accessToken)).status];
    },
    clean: [400, 401],
    faulty: [400, 200],
  },
  'expired-token-accepted': {
    probe: 'the status of an API call with an expired token',
    run: async (sim) => {
      const pair = await obtainTokens(sim);
      sim.clock.advance(3600);
      return (await callApi(sim, pair.accessToken)).status;
    },
    clean: 403,
    faulty: 200,
  },
  'expired-token-401': {
    probe: 'the status of an API call with an expired token',
    run: async (sim) => {
      const pair = await obtainTokens(sim);
      sim.clock.advance(3600);
      return (await callApi(sim, pair.accessToken)).status;
    },
    clean: 403,
    faulty: 401,
  },
  'wrong-secret-accepted': {
    probe: 'the status of an exchange with a wrong client secret',
    run: async (sim) => (await exchangeCode(sim, await authorizationCode(sim), { client_secret: 'wrong' })).status,
    clean: 401,
    faulty: 200,
  },
  'wrong-secret-unauthorized-client': {
    probe: 'the OAuth error of an exchange with a wrong client secret',
    run: async (sim) => (await exchangeCode(sim, await authorizationCode(sim), { client_secret: 'wrong' })).json().error,
    clean: 'invalid_client',
    faulty: 'unauthorized_client',
  },
  'unregistered-redirect-followed': {
    probe: 'the status and Location host of an authorization request with an unregistered redirect_uri',
    run: async (sim) => {
      const reply = await send('GET', authorizationUrl(sim, { redirect_uri: 'https://attacker.example/steal' }));
      const location = reply.header('location');
      return [reply.status, location === undefined ? undefined : new URL(location).host];
    },
    clean: [400, undefined],
    faulty: [302, 'attacker.example'],
  },
  'client-credentials-accepted': {
    probe: 'the status of a client_credentials grant',
    run: async (sim) => (await tokenRequest(sim, { grant_type: 'client_credentials' })).status,
    clean: 400,
    faulty: 200,
  },
  'password-grant-accepted': {
    probe: "the status of a password grant with the full user's credentials",
    run: async (sim) => {
      const { username, password } = sim.platform.credentials.users.full;
      return (await tokenRequest(sim, { grant_type: 'password', username, password })).status;
    },
    clean: 400,
    faulty: 200,
  },
  'bearer-case-sensitive': {
    probe: 'the status of an API call with the keyword "bearer"',
    run: async (sim) => (await callApi(sim, (await obtainTokens(sim)).accessToken, undefined, 'bearer')).status,
    clean: 200,
    faulty: 401,
  },
  'scope-error-not-reported': {
    probe: 'the error on the redirect of an authorization with scope=profile',
    run: async (sim) => (await authorize(sim, 'full', { scope: 'profile' })).searchParams.get('error'),
    clean: 'invalid_scope',
    faulty: null,
  },
  'missing-param-accepted': {
    probe: 'where an authorization request without state is sent',
    run: async (sim) => redirectedTo(await send('GET', authorizationUrl(sim, { state: undefined }))),
    clean: 'error=invalid_request',
    faulty: loginChallengePath,
  },
  'token-type-not-bearer': {
    probe: 'the token_type of a token response',
    run: async (sim) => (await exchangeCode(sim, await authorizationCode(sim))).json().token_type,
    clean: 'Bearer',
    faulty: 'mac',
  },
  'no-token-accepted': {
    probe: 'the status of an API call without Authorization',
    run: async (sim) => (await callApi(sim, undefined)).status,
    clean: 401,
    faulty: 200,
  },
  'garbage-token-accepted': {
    probe: 'the status of an API call with a token never issued',
    run: async (sim) => (await callApi(sim, 'garbage')).status,
    clean: 401,
    faulty: 200,
  },
  'new-token-rejected-after-refresh': {
    probe: 'the status of an API call with the access token of a refresh',
    run: async (sim) => {
      const refreshed = tokenPair(await refreshTokens(sim, (await obtainTokens(sim)).refreshToken));
      return (await callApi(sim, refreshed.accessToken)).status;
    },
    clean: 200,
    faulty: 401,
  },
  'login-challenge-skipped': {
    probe: 'where a valid authorization request is sent',
    run: async (sim) => redirectedTo(await send('GET', authorizationUrl(sim))),
    clean: loginChallengePath,
    faulty: 'code',
  },
  'token-redirect-uri-optional': {
    probe: 'the status of a code exchange without redirect_uri',
    run: async (sim) => {
      const code = await authorizationCode(sim);
      return (await tokenRequest(sim, { grant_type: 'authorization_code', code })).status;
    },
    clean: 400,
    faulty: 200,
  },
  'expires-in-missing': {
    probe: 'whether the token response has expires_in',
    run: async (sim) => 'expires_in' in (await exchangeCode(sim, await authorizationCode(sim))).json(),
    clean: true,
    faulty: false,
  },
};

const cases = Object.keys(casFaults)
  .filter(isCasFault)
  .flatMap((name) => casFaults[name].versions.map((version) => ({ name, version })));

describe('CAS faults', () => {
  it('has one vector per fault of the catalog', () => {
    expect(Object.keys(vectors).sort()).toEqual(Object.keys(casFaults).sort());
  });

  it.each(cases)('$name changes behaviour at $version', async ({ name, version }) => {
    const vector = vectors[name];
    const clean = await vector.run(await startSim({ version }));
    const faulty = await vector.run(await startSim({ version, faults: [name] }));
    expect(clean, `clean: ${vector.probe}`).toEqual(vector.clean);
    if ('faulty' in vector) expect(faulty, `faulty: ${vector.probe}`).toEqual(vector.faulty);
    else expect(faulty, `faulty: ${vector.probe}`).not.toEqual(vector.clean);
  });
});
