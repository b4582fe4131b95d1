import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenSet } from '../../../src/auth/token-endpoint.ts';
import { needsRefresh, refreshMargin, TokenManager, type TokenManagerOptions } from '../../../src/auth/token-manager.ts';
import { TokenStore, tokenStoreTarget } from '../../../src/auth/token-store.ts';
import { formOf, mockHttp, type MockHttp } from '../../support/mock-http.ts';

const CAS = 'https://cas.example';
const ENDPOINT = `${CAS}/api/v1.1/token`;
const SECRET = 'client-secret-5e3f';
const TARGET = tokenStoreTarget('https://platform.example', 'app-1');
const T0 = 1_700_000_000_000;

let http: MockHttp;
let dir: string;
let now: number;

beforeEach(async () => {
  http = mockHttp();
  dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-manager-'));
  now = T0;
});
afterEach(async () => {
  await http.close();
  await rm(dir, { recursive: true, force: true });
});

function options(store?: TokenStore): TokenManagerOptions {
  return { client: http.client, tokenEndpoint: ENDPOINT, clientId: 'app-1', clientSecret: SECRET, now: () => now, ...(store && { store }) };
}

function login(generation: number, lifetimeS = 300): TokenSet {
  return {
    accessToken: `access-aaaa-${generation}`,
    refreshToken: `refresh-rrrr-${generation}`,
    tokenType: 'Bearer',
    expiresIn: lifetimeS,
    obtainedAt: now,
    expiresAt: now + lifetimeS * 1000,
  };
}

/** The token endpoint rotates `from` to `from + 1`, exactly `times` times (the mock fails the test if hit more or less). */
function mockRotation(from: number, times = 1, delayMs = 20): void {
  http.agent
    .get(CAS)
    .intercept({ path: '/api/v1.1/token', method: 'POST', body: (body) => formOf(body).refresh_token === `refresh-rrrr-${from}` })
    .reply((request) => {
      expect(formOf(request.body)).toEqual({ grant_type: 'refresh_token', refresh_token: `refresh-rrrr-${from}`, client_id: 'app-1', client_secret: SECRET });
      const body = { access_token: `access-aaaa-${from + 1}`, refresh_token: `refresh-rrrr-${from + 1}`, token_type: 'Bearer', expires_in: 300 };
      return { statusCode: 200, data: JSON.stringify(body), responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .delay(delayMs)
    .times(times);
}

describe('refresh margin: min(60 s, three quarters of the lifetime)', () => {
  for (const vector of [
    { lifetimeMs: 3_600_000, margin: 60_000 },
    { lifetimeMs: 120_000, margin: 60_000 },
    { lifetimeMs: 40_000, margin: 30_000 },
    { lifetimeMs: 3_000, margin: 2_250 },
    { lifetimeMs: 2_000, margin: 1_500 },
    { lifetimeMs: undefined, margin: 60_000 },
  ]) {
    it(`lifetime ${vector.lifetimeMs ?? 'unknown'} ms → ${vector.margin} ms`, () => {
      expect(refreshMargin(vector.lifetimeMs)).toBe(vector.margin);
    });
  }

  for (const vector of [
    { name: 'fresh', state: { accessToken: 'a', obtainedAt: 0, expiresAt: 300_000 }, at: 100_000, expected: false },
    { name: 'inside the margin', state: { accessToken: 'a', obtainedAt: 0, expiresAt: 300_000 }, at: 240_000, expected: true },
    { name: 'expired', state: { accessToken: 'a', obtainedAt: 0, expiresAt: 300_000 }, at: 400_000, expected: true },
    { name: 'short-lived, in its first quarter', state: { accessToken: 'a', obtainedAt: 0, expiresAt: 10_000 }, at: 2_000, expected: false },
    { name: 'short-lived, past its first quarter', state: { accessToken: 'a', obtainedAt: 0, expiresAt: 10_000 }, at: 2_500, expected: true },
    { name: 'no access token', state: {}, at: 0, expected: true },
    { name: 'unknown expiry', state: { accessToken: 'a' }, at: 1e15, expected: false },
  ]) {
    it(`needsRefresh: ${vector.name} → ${vector.expected}`, () => {
      expect(needsRefresh(vector.state, vector.at)).toBe(vector.expected);
    });
  }
});

describe('TokenManager in memory (embedded simulator)', () => {
  it('hands out the login token without a request while it is fresh', async () => {
    const manager = await TokenManager.fromLogin(options(), login(1));
    now += 200_000;
    expect(await manager.accessToken()).toBe('access-aaaa-1');
    expect(manager.refreshCount).toBe(0);
  });

  it('refreshes once for N concurrent callers near expiry (single flight)', async () => {
    const manager = await TokenManager.fromLogin(options(), login(1));
    now += 250_000; // inside the 60 s margin
    mockRotation(1);
    const tokens = await Promise.all(Array.from({ length: 25 }, () => manager.accessToken()));
    expect(new Set(tokens)).toEqual(new Set(['access-aaaa-2']));
    expect(manager.refreshCount).toBe(1);
    expect(await manager.accessToken()).toBe('access-aaaa-2');
  });

  it('forceRefresh rotates even a fresh token', async () => {
    const manager = await TokenManager.fromLogin(options(), login(1));
    mockRotation(1);
    expect(await manager.forceRefresh()).toBe('access-aaaa-2');
  });

  it('says the chain is dead on invalid_grant, naming the login variables', async () => {
    const manager = await TokenManager.fromLogin(options(), login(1));
    now += 400_000;
    http.agent.get(CAS).intercept({ path: '/api/v1.1/token', method: 'POST' }).reply(400, JSON.stringify({ error: 'invalid_grant' }), { headers: { 'content-type': 'application/json' } });
    const failure = manager.accessToken();
    await expect(failure).rejects.toMatchObject({ code: 'TOKEN_REFUSED', oauthError: 'invalid_grant', status: 400 });
    await expect(failure).rejects.toThrow(/refresh-token chain is dead.*LOGIN_USERNAME \/ LOGIN_PASSWORD/);
    await failure.catch((error: Error) => expect(error.message).not.toMatch(/refresh-rrrr|access-aaaa|client-secret/));
  });
});

describe('TokenManager with a token store (real target, several workers)', () => {
  it('persists the login pair, and starts a later run from the store', async () => {
    const path = join(dir, 'tokens.json');
    await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    const later = await TokenManager.fromStore({ ...options(new TokenStore(path, TARGET, { secrets: http.secrets })), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    expect(await later.accessToken()).toBe('access-aaaa-1');
  });

  it('refuses to start from an empty store with TOKEN_STORE', async () => {
    const store = new TokenStore(join(dir, 'tokens.json'), TARGET, { secrets: http.secrets });
    await expect(TokenManager.fromStore({ ...options(store), store })).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining('log in first') });
  });

  it('persists the rotated pair before the caller gets the new access token', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    now += 290_000;
    mockRotation(1);
    const token = await manager.accessToken();
    expect(token).toBe('access-aaaa-2');
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ refreshToken: 'refresh-rrrr-2', accessToken: 'access-aaaa-2', expiresAt: now + 300_000 });
    await expect(stat(`${path}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('two managers on one store (two workers): one refresh in total, both get the new token', async () => {
    const path = join(dir, 'tokens.json');
    await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    const workerA = await TokenManager.fromStore({ ...options(), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    const workerB = await TokenManager.fromStore({ ...options(), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    now += 400_000; // expired for both
    mockRotation(1, 1, 100);
    const tokens = await Promise.all([workerA.accessToken(), workerB.accessToken(), workerA.accessToken(), workerB.accessToken()]);
    expect(tokens).toEqual(['access-aaaa-2', 'access-aaaa-2', 'access-aaaa-2', 'access-aaaa-2']);
    expect(workerA.refreshCount + workerB.refreshCount).toBe(1);
    expect((await new TokenStore(path, TARGET, { secrets: http.secrets }).read())?.refreshToken).toBe('refresh-rrrr-2');
  });

  it('forceRefresh does not rotate again when another worker just did', async () => {
    const path = join(dir, 'tokens.json');
    await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    const workerA = await TokenManager.fromStore({ ...options(), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    const workerB = await TokenManager.fromStore({ ...options(), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    mockRotation(1);
    expect(await workerA.forceRefresh()).toBe('access-aaaa-2');
    expect(await workerB.forceRefresh()).toBe('access-aaaa-2');
    mockRotation(2);
    expect(await workerB.forceRefresh()).toBe('access-aaaa-3');
  });

  it('keeps a replaced access token for the expiry check of a later run (spec §5.7)', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    mockRotation(1);
    await manager.forceRefresh();
    expect(manager.expiredAccessToken()).toBeUndefined(); // access-aaaa-1 is still valid
    now += 301_000;
    const nextRun = await TokenManager.fromStore({ ...options(), store: new TokenStore(path, TARGET, { secrets: http.secrets }) });
    expect(nextRun.expiredAccessToken()).toBe('access-aaaa-1');
  });

  it('takes over a stale lock left by a crashed worker', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    await writeFile(`${path}.lock`, '99999 crashed');
    const longAgo = new Date(Date.now() - 3_600_000);
    await utimes(`${path}.lock`, longAgo, longAgo);
    mockRotation(1);
    expect(await manager.forceRefresh()).toBe('access-aaaa-2');
    await expect(stat(`${path}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('waits for a live lock and gives up with TOKEN_STORE naming it', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin({ ...options(new TokenStore(path, TARGET, { secrets: http.secrets })), lock: { timeoutMs: 300 } }, login(1));
    await writeFile(`${path}.lock`, '12345 busy');
    await expect(manager.forceRefresh()).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining(`${path}.lock`) });
    await rm(`${path}.lock`);
  });

  it('releases the lock when the refresh fails', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    http.agent.get(CAS).intercept({ path: '/api/v1.1/token', method: 'POST' }).reply(401, JSON.stringify({ error: 'invalid_client' }), { headers: { 'content-type': 'application/json' } });
    await expect(manager.forceRefresh()).rejects.toMatchObject({ code: 'TOKEN_REFUSED', oauthError: 'invalid_client', status: 401 });
    await expect(stat(`${path}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reports a rotated pair that could not be written as TOKEN_STORE, without the tokens', async () => {
    const path = join(dir, 'tokens.json');
    await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    const failing = new TokenStore(path, TARGET, {
      secrets: http.secrets,
      tmpfileCreated: () => {
        throw new Error('disk full');
      },
    });
    const manager = await TokenManager.fromStore({ ...options(), store: failing });
    mockRotation(1);
    const failure = manager.forceRefresh();
    await expect(failure).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining('must log in again') });
    await failure.catch((error: Error) => expect(error.message).not.toMatch(/refresh-rrrr|access-aaaa/));
  });

  it('keeps every token and the client secret out of the exchange log', async () => {
    const path = join(dir, 'tokens.json');
    const manager = await TokenManager.fromLogin(options(new TokenStore(path, TARGET, { secrets: http.secrets })), login(1));
    mockRotation(1);
    await manager.forceRefresh();
    const log = JSON.stringify(http.client.log.drain());
    for (const secret of ['refresh-rrrr-1', 'refresh-rrrr-2', 'access-aaaa-2', SECRET]) expect(log).not.toContain(secret);
  });
});
