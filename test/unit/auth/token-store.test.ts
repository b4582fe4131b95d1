import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/auth/atomic-file.ts';
import { TokenStore, tokenStoreTarget } from '../../../src/auth/token-store.ts';
import { SecretRegistry } from '../../../src/http/redact.ts';

const TARGET = tokenStoreTarget('https://platform.example/', 'app-1');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('TokenStore', () => {
  it('keys a chain by instance and client', () => {
    expect(TARGET).toBe('https://platform.example client_id=app-1');
  });

  it('reads nothing when there is no file', async () => {
    expect(await new TokenStore(join(dir, 'tokens.json'), TARGET).read()).toBeUndefined();
  });

  it('writes and reads back the state, creating the directory, mode 0600', async () => {
    const path = join(dir, 'nested', 'deeper', 'tokens.json');
    const secrets = new SecretRegistry();
    const store = new TokenStore(path, TARGET, { secrets });
    const written = await store.write(
      { refreshToken: 'refresh-rrrr-1111', accessToken: 'access-aaaa-1111', obtainedAt: 1000, expiresAt: 61_000, expiredAccessToken: { token: 'access-aaaa-0000', expiresAt: 500 } },
      Date.UTC(2030, 0, 2),
    );
    expect(written).toEqual({
      version: 1,
      target: TARGET,
      refreshToken: 'refresh-rrrr-1111',
      accessToken: 'access-aaaa-1111',
      obtainedAt: 1000,
      expiresAt: 61_000,
      expiredAccessToken: { token: 'access-aaaa-0000', expiresAt: 500 },
      updatedAt: '2030-01-02T00:00:00.000Z',
    });
    expect(await new TokenStore(path, TARGET, { secrets: new SecretRegistry() }).read()).toEqual(written);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(secrets.scrub('refresh-rrrr-1111 access-aaaa-1111 access-aaaa-0000')).toBe('[REDACTED] [REDACTED] [REDACTED]');
  });

  it('registers what it reads for redaction', async () => {
    const path = join(dir, 'tokens.json');
    await new TokenStore(path, TARGET, { secrets: new SecretRegistry() }).write({ refreshToken: 'refresh-rrrr-1111' });
    const secrets = new SecretRegistry();
    await new TokenStore(path, TARGET, { secrets }).read();
    expect(secrets.scrub('refresh-rrrr-1111')).toBe('[REDACTED]');
  });

  it('writes through a temporary file in the same directory and renames it over the old one', async () => {
    const path = join(dir, 'tokens.json');
    await new TokenStore(path, TARGET).write({ refreshToken: 'refresh-rrrr-1111' });
    let seen: { temporary: string; modeOk: boolean; oldStillThere: boolean } | undefined;
    const store = new TokenStore(path, TARGET, {
      tmpfileCreated: async (temporary) => {
        const mode = (await stat(temporary)).mode & 0o777;
        seen = { temporary, modeOk: process.platform === 'win32' || mode === 0o600, oldStillThere: (await readFile(path, 'utf8')).includes('refresh-rrrr-1111') };
      },
    });
    await store.write({ refreshToken: 'refresh-rrrr-2222' });
    expect(seen?.temporary.startsWith(dir)).toBe(true);
    expect(seen?.temporary).not.toBe(path);
    expect(seen?.modeOk).toBe(true);
    expect(seen?.oldStillThere).toBe(true);
    expect((await store.read())?.refreshToken).toBe('refresh-rrrr-2222');
    expect(await readdir(dir)).toEqual(['tokens.json']);
  });

  it('leaves the old file intact when the write crashes before the rename', async () => {
    const path = join(dir, 'tokens.json');
    await new TokenStore(path, TARGET).write({ refreshToken: 'refresh-rrrr-1111' });
    const before = await readFile(path, 'utf8');
    const crashing = new TokenStore(path, TARGET, {
      tmpfileCreated: () => {
        throw new Error('simulated crash');
      },
    });
    await expect(crashing.write({ refreshToken: 'refresh-rrrr-2222' })).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining(path) });
    expect(await readFile(path, 'utf8')).toBe(before);
    expect((await new TokenStore(path, TARGET).read())?.refreshToken).toBe('refresh-rrrr-1111');
  });

  it('never lets two concurrent writers produce a torn file', async () => {
    const path = join(dir, 'tokens.json');
    const store = new TokenStore(path, TARGET);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.write({ refreshToken: `refresh-rrrr-${String(i).padStart(4, '0')}` })));
    expect((await store.read())?.refreshToken).toMatch(/^refresh-rrrr-\d{4}$/);
    expect(await readdir(dir)).toEqual(['tokens.json']);
  });

  for (const vector of [
    { name: 'not JSON', content: '{"version":1,"target":', says: 'is corrupt: not JSON' },
    { name: 'an array', content: '[]', says: 'not a JSON object' },
    { name: 'an unknown format', content: JSON.stringify({ version: 2, target: TARGET, refreshToken: 'r', updatedAt: 'x' }), says: 'format version 2' },
    { name: 'no refresh token', content: JSON.stringify({ version: 1, target: TARGET, updatedAt: 'x' }), says: '"refreshToken" is missing' },
    { name: 'a bad expiresAt', content: JSON.stringify({ version: 1, target: TARGET, refreshToken: 'r', updatedAt: 'x', expiresAt: 'soon' }), says: '"expiresAt" is not a number' },
    { name: 'an empty file', content: '', says: 'not JSON' },
  ]) {
    it(`refuses a corrupt file (${vector.name}) with TOKEN_STORE naming the path`, async () => {
      const path = join(dir, 'tokens.json');
      await writeFile(path, vector.content);
      await expect(new TokenStore(path, TARGET).read()).rejects.toMatchObject({
        code: 'TOKEN_STORE',
        message: expect.stringMatching(new RegExp(`${escape(path)}.*${escape(vector.says)}`)),
      });
    });
  }

  it("refuses another target's chain instead of spending it", async () => {
    const path = join(dir, 'tokens.json');
    await new TokenStore(path, tokenStoreTarget('https://other.example', 'app-1')).write({ refreshToken: 'refresh-rrrr-1111' });
    await expect(new TokenStore(path, TARGET).read()).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining('https://other.example client_id=app-1') });
  });
});

describe('writeFileAtomic', () => {
  it('cleans up its temporary file when the write fails', async () => {
    const path = join(dir, 'file.json');
    await expect(
      writeFileAtomic(path, 'x', {
        tmpfileCreated: () => {
          throw new Error('boom');
        },
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
