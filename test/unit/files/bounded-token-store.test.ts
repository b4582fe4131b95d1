/**
 * A file operation on a path the user gave ends within its bound
 * (`withinTime`), and a token store that is not a regular file (a FIFO
 * nobody writes to would block a read for good) ends in TOKEN_STORE at once
 * instead of hanging the run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TokenStore, tokenStoreTarget } from '../../../src/auth/token-store.ts';
import { withinTime } from '../../../src/files/within-time.ts';
import { SecretRegistry } from '../../../src/http/redact.ts';

const dir = mkdtempSync(join(tmpdir(), 'upgrade-guard-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('withinTime', () => {
  it("passes the operation's result and error through", async () => {
    expect(await withinTime(Promise.resolve(7), () => new Error('late'), 1_000)).toBe(7);
    await expect(withinTime(Promise.reject(new Error('refused')), () => new Error('late'), 1_000)).rejects.toThrow('refused');
  });

  it('fails with its own error when the operation does not settle in time', async () => {
    await expect(withinTime(new Promise(() => undefined), () => new Error('late'), 20)).rejects.toThrow('late');
  });
});

describe.runIf(process.platform !== 'win32')('TokenStore on a path that is not a file', () => {
  it('a FIFO, whose read would wait for a writer that never comes, is refused at once as TOKEN_STORE naming the path', async () => {
    const fifo = join(dir, 'tokens.json');
    execFileSync('mkfifo', [fifo]);
    const store = new TokenStore(fifo, tokenStoreTarget('https://platform.example', 'app-1'), { secrets: new SecretRegistry(), timeoutMs: 200 });
    await expect(store.read()).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining(`${fifo} is not a regular file (a FIFO)`) });
  });
});
