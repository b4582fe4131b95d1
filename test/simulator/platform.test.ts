/**
 * The platform's shell: fresh secrets per start, the `.env` lines of the
 * target contract (DESIGN.md), `inject` without a socket, a clean close.
 */
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../../simulator/platform.ts';
import { startSim, stopAll } from './_sim.ts';

afterAll(stopAll);

const envNames = [
  'TARGET_VERSION',
  'BASE_URL',
  'AUTH_URL',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'REDIRECT_URI',
  'LOGIN_USERNAME',
  'LOGIN_PASSWORD',
  'LIMITED_USERNAME',
  'LIMITED_PASSWORD',
];

describe('createPlatform', () => {
  it('generates a fresh client secret and passwords on every start', () => {
    const one = createPlatform({ version: '8.0' }).credentials;
    const two = createPlatform({ version: '8.0' }).credentials;
    for (const secret of [one.clientSecret, one.users.full.password, one.users.limited.password]) expect(secret.length).toBeGreaterThanOrEqual(24);
    expect(one.clientSecret).not.toBe(two.clientSecret);
    expect(one.users.full.password).not.toBe(two.users.full.password);
    expect(one.users.full.username).not.toBe(one.users.limited.username);
  });

  it('takes given credentials as they are', () => {
    const { credentials } = createPlatform({ version: '7.4', clientId: 'app', clientSecret: 's3cret', passwords: { full: 'pw' } });
    expect(credentials).toMatchObject({ clientId: 'app', clientSecret: 's3cret', users: { full: { password: 'pw' } } });
  });

  it('refuses a bad option naming it', () => {
    expect(() => createPlatform({ version: '8.0', tokenTtlSeconds: 0 })).toThrow(/tokenTtlSeconds/);
  });

  it('answers through inject without a socket', async () => {
    const platform = createPlatform({ version: '8.0' });
    const reply = await platform.inject({ method: 'GET', url: '/cas/api/v1.1/authorization' });
    expect(reply.status).toBe(404);
  });

  it('prints the .env lines of the target contract once listening', async () => {
    const sim = await startSim({ version: '7.4' });
    const lines = sim.platform.envLines();
    expect(lines.map((line) => line.split('=')[0])).toEqual(envNames);
    const env = new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(env.get('TARGET_VERSION')).toBe('7.4');
    expect(env.get('AUTH_URL')).toBe(`${env.get('BASE_URL')}/cas`);
    expect(env.get('BASE_URL')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.get('CLIENT_SECRET')).toBe(sim.platform.credentials.clientSecret);
  });

  it('closes promptly even with an idle keep-alive connection open', async () => {
    const platform = createPlatform({ version: '8.0' });
    const { baseUrl } = await platform.listen(0);
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await platform.close();
    await closed;
    await platform.close();
  });
});
