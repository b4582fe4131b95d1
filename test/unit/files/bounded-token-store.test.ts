/**
 * A token store path the file system never answers for (a FIFO nobody
 * writes to stands in for a hung mount) ends in TOKEN_STORE within the
 * bound instead of hanging the run (issue 8).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
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

describe.runIf(process.platform !== 'win32')('TokenStore on a path that never answers', () => {
  it('reading is TOKEN_STORE naming the path, not a hang', async () => {
    const fifo = join(dir, 'tokens.json');
    execFileSync('mkfifo', [fifo]);
    const store = new TokenStore(fifo, tokenStoreTarget('https://platform.example', 'app-1'), { secrets: new SecretRegistry(), timeoutMs: 200 });
    try {
      await expect(store.read()).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining(`${fifo} (TOKEN_STORE) could not be read: no answer`) });
    } finally {
      // Let the blocked read in the thread pool finish: a writer that opens and closes gives it end of file.
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    }
  });
});
