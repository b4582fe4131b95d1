import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { configVariables } from '../../src/config/variables.ts';
import { UpgradeGuardError } from '../../src/errors.ts';

const remote = {
  BASE_URL: 'https://platform.example.com/',
  AUTH_URL: 'https://cas.example.com',
  TARGET_VERSION: '8.0',
  CLIENT_ID: 'app',
  CLIENT_SECRET: 'very-secret-value-123',
  REDIRECT_URI: 'https://app.example.com/callback',
  LOGIN_USERNAME: 'ada',
  LOGIN_PASSWORD: 'hunter2-hunter2',
};

const noFile = join(tmpdir(), 'upgrade-guard-no-such-dir');

function failureOf(env: Record<string, string>): UpgradeGuardError {
  try {
    loadConfig({ env, envFile: undefined });
  } catch (error) {
    if (error instanceof UpgradeGuardError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
}

describe('misspelt variables never turn into a green run', () => {
  const vectors = [
    { where: 'env file', file: { BASEURL: 'https://platform.example.com' }, env: {}, named: 'BASEURL', hint: 'BASE_URL' },
    { where: 'env file', file: { TARGET_VERSON: '8.0' }, env: {}, named: 'TARGET_VERSON', hint: 'TARGET_VERSION' },
    { where: 'env file', file: { SOMETHING_ELSE: 'x' }, env: {}, named: 'SOMETHING_ELSE', hint: undefined },
    { where: 'environment', file: {}, env: { TARGET_VERSON: '8.0' }, named: 'TARGET_VERSON', hint: 'TARGET_VERSION' },
    { where: 'environment', file: {}, env: { MAX_CONCURENCY: '2' }, named: 'MAX_CONCURENCY', hint: 'MAX_CONCURRENCY' },
    { where: 'environment', file: {}, env: { UPGRADE_GUARD_BASE: 'x' }, named: 'UPGRADE_GUARD_BASE', hint: undefined },
  ];
  for (const vector of vectors) {
    it(`refuses ${vector.named} in the ${vector.where}${vector.hint ? `, naming ${vector.hint}` : ''}`, () => {
      const file = join(mkdtempSync(join(tmpdir(), 'ug-typo-')), 'typo.env');
      writeFileSync(file, Object.entries(vector.file).map(([name, value]) => `${name}=${value}`).join('\n'));
      let error: unknown;
      try {
        loadConfig({ env: vector.env, envFile: file });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(UpgradeGuardError);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining(vector.named) });
      if (vector.hint) expect((error as Error).message).toContain(`did you mean ${vector.hint}?`);
    });
  }

  it('leaves the rest of a shared environment alone', () => {
    expect(() => loadConfig({ env: { PATH: '/usr/bin', NODE_ENV: 'test', GITHUB_API_URL: 'https://api.example.com', CI: 'true', FIXTURE_MEDIA_ASSET_ID: '1' } })).not.toThrow();
  });
});

describe('loadConfig', () => {
  it('without BASE_URL the embedded simulator is the target, with documented defaults', () => {
    const config = loadConfig({ env: {} });
    expect(config.remote).toBeUndefined();
    expect(config).toMatchObject({ allowMutations: false, allowIrreversible: false, expiryMaxWaitSeconds: 5, expiryLeewaySeconds: 30, requestTimeoutMs: 10000, maxConcurrency: 8 });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads a real target, strips trailing slashes and coerces types', () => {
    const config = loadConfig({ env: { ...remote, ALLOW_MUTATIONS: 'true', ALLOW_IRREVERSIBLE: 'true', MAX_CONCURRENCY: '3' } });
    expect(config.remote).toMatchObject({ version: '8.0', baseUrl: 'https://platform.example.com', fullUser: { username: 'ada' } });
    expect(config.allowMutations).toBe(true);
    expect(config.allowIrreversible).toBe(true);
    expect(config.maxConcurrency).toBe(3);
  });

  const vectors: Array<{ name: string; env: Record<string, string>; names: string }> = [
    { name: 'missing TARGET_VERSION', env: { ...remote, TARGET_VERSION: '' }, names: 'TARGET_VERSION' },
    { name: 'unknown TARGET_VERSION', env: { ...remote, TARGET_VERSION: '9.1' }, names: 'TARGET_VERSION' },
    { name: 'BASE_URL not a URL', env: { ...remote, BASE_URL: 'platform.example.com' }, names: 'BASE_URL' },
    { name: 'MAX_CONCURRENCY not a number', env: { MAX_CONCURRENCY: 'lots' }, names: 'MAX_CONCURRENCY' },
    { name: 'MAX_CONCURRENCY out of range', env: { MAX_CONCURRENCY: '0' }, names: 'MAX_CONCURRENCY' },
    { name: 'EXPIRY_LEEWAY_S not a number', env: { EXPIRY_LEEWAY_S: 'half a minute' }, names: 'EXPIRY_LEEWAY_S' },
    { name: 'EXPIRY_LEEWAY_S negative', env: { EXPIRY_LEEWAY_S: '-1' }, names: 'EXPIRY_LEEWAY_S' },
    { name: 'ALLOW_MUTATIONS not a boolean', env: { ALLOW_MUTATIONS: 'maybe' }, names: 'ALLOW_MUTATIONS' },
    { name: 'ALLOW_IRREVERSIBLE not a boolean', env: { ALLOW_IRREVERSIBLE: 'maybe' }, names: 'ALLOW_IRREVERSIBLE' },
    { name: 'password without user', env: { ...remote, LIMITED_PASSWORD: 'x-secret-x' }, names: 'LIMITED_USERNAME' },
    { name: 'AUTH_URL without BASE_URL', env: { AUTH_URL: 'https://cas.example.com' }, names: 'BASE_URL' },
    { name: 'missing CLIENT_SECRET', env: { ...remote, CLIENT_SECRET: '' }, names: 'CLIENT_SECRET' },
    { name: 'TOKEN_ENDPOINT not a URL', env: { ...remote, TOKEN_ENDPOINT: 'realms/acme/token' }, names: 'TOKEN_ENDPOINT' },
    { name: 'AUTHORIZATION_ENDPOINT without BASE_URL', env: { AUTHORIZATION_ENDPOINT: 'https://cas.example.com/auth' }, names: 'BASE_URL' },
    { name: 'AUTH_DISCOVERY not a boolean', env: { ...remote, AUTH_DISCOVERY: 'sometimes' }, names: 'AUTH_DISCOVERY' },
    { name: 'AUTH_DISCOVERY without BASE_URL', env: { AUTH_DISCOVERY: 'true' }, names: 'BASE_URL' },
    { name: 'EXTRA_HEADERS without a colon', env: { ...remote, EXTRA_HEADERS: 'X-User-Login alice' }, names: 'EXTRA_HEADERS' },
    { name: 'EXTRA_HEADERS with a bad name', env: { ...remote, EXTRA_HEADERS: 'X User: alice' }, names: 'EXTRA_HEADERS' },
    { name: 'EXTRA_HEADERS replacing Authorization', env: { ...remote, EXTRA_HEADERS: 'Authorization: Basic abc' }, names: 'EXTRA_HEADERS' },
    { name: 'EXTRA_HEADERS naming a header twice', env: { ...remote, EXTRA_HEADERS: 'X-A: 1; x-a: 2' }, names: 'EXTRA_HEADERS' },
  ];
  for (const vector of vectors) {
    it(`fails with CONFIG_INVALID naming the variable: ${vector.name}`, () => {
      const error = failureOf(vector.env);
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain(vector.names);
      expect(error.message.split('\n')).toHaveLength(1);
    });
  }

  it('never echoes a secret value in its message', () => {
    const error = failureOf({ ...remote, TARGET_VERSION: remote.CLIENT_SECRET });
    expect(error.message).toContain('TARGET_VERSION');
    expect(error.message).not.toContain(remote.CLIENT_SECRET);
    const withPassword = failureOf({ ...remote, LOGIN_USERNAME: '', MAX_CONCURRENCY: '2' });
    expect(withPassword.message).not.toContain(remote.LOGIN_PASSWORD);
  });

  it('reads the instance endpoints, AUTH_DISCOVERY and EXTRA_HEADERS of a real target', () => {
    const config = loadConfig({
      env: { ...remote, AUTHORIZATION_ENDPOINT: 'https://id.example.com/realms/acme/auth', AUTH_DISCOVERY: 'yes', EXTRA_HEADERS: 'X-User-Login: ada.lovelace; X-Tenant: acme;' },
    });
    expect(config.remote?.authEndpointSettings).toEqual({ authorization: 'https://id.example.com/realms/acme/auth', discovery: true });
    expect(config.remote?.extraHeaders).toEqual({ 'X-User-Login': 'ada.lovelace', 'X-Tenant': 'acme' });
    expect(loadConfig({ env: remote }).remote?.authEndpointSettings).toEqual({ discovery: false });
  });

  it('never echoes an EXTRA_HEADERS value in its message', () => {
    const error = failureOf({ ...remote, EXTRA_HEADERS: 'X-Api-Key: k-3f9a2c71d0; Host: other.example' });
    expect(error.message).toContain('Host');
    expect(error.message).not.toContain('k-3f9a2c71d0');
  });

  it('collects FIXTURE_ variables by name', () => {
    expect(loadConfig({ env: { FIXTURE_MEDIA_ASSET_ID: '42' } }).fixtures).toEqual({ MEDIA_ASSET_ID: '42' });
  });

  it('reads an env file, and the environment wins over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-config-'));
    const file = join(dir, 'target.env');
    writeFileSync(file, 'MAX_CONCURRENCY=4\nREQUEST_TIMEOUT_MS=2000\n');
    const config = loadConfig({ env: { MAX_CONCURRENCY: '6' }, envFile: file });
    expect(config.maxConcurrency).toBe(6);
    expect(config.requestTimeoutMs).toBe(2000);
  });

  it('a named env file that does not exist is a CONFIG_INVALID error', () => {
    expect(() => loadConfig({ env: {}, envFile: join(noFile, 'x.env') })).toThrowError(/does not exist/);
  });
});

describe('.env.example', () => {
  const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  const documented = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

  it('documents every configuration variable', () => {
    for (const name of configVariables) expect(documented, name).toContain(name);
  });

  it('documents nothing the configuration does not read', () => {
    for (const name of documented) expect(configVariables as string[], String(name)).toContain(name);
  });
});
