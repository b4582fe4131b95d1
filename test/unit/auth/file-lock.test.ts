import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../../src/auth/file-lock.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../../support/hang-timeout.ts';

const run = promisify(execFile);
const worker = new URL('../../support/lock-worker.ts', import.meta.url).pathname;
const holder = new URL('../../support/lock-holder.ts', import.meta.url).pathname;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('withFileLock', () => {
  it('excludes other processes: 4 processes × 10 read-modify-write rounds lose no update', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const lock = join(dir, 'tokens.json.lock');
    const counter = join(dir, 'counter');
    await writeFile(counter, '0');
    await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', worker, lock, counter, '10'], { timeout: HANG_TIMEOUT_MS })));
    expect(await readFile(counter, 'utf8')).toBe('40');
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('excludes concurrent tasks of one process too, and releases after a throw', async () => {
    const lock = join(dir, 'x.lock');
    let inside = 0;
    let peak = 0;
    const task = async (fail: boolean) => {
      inside += 1;
      peak = Math.max(peak, inside);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside -= 1;
      if (fail) throw new Error('task failed');
      return 'ok';
    };
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => withFileLock(lock, () => task(i % 2 === 0))));
    expect(peak).toBe(1);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps its lock fresh while the task runs, so a long task is not taken over', async () => {
    const lock = join(dir, 'slow.lock');
    const order: string[] = [];
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = withFileLock(
      lock,
      async () => {
        order.push('slow start');
        started();
        // Three times as long as the lock may go unrefreshed: only the refreshes keep it.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        order.push('slow end');
      },
      { staleMs: 1_000 },
    );
    await slowStarted;
    // A stale lease is one not refreshed for a second: far beyond a busy machine's pauses between refreshes.
    const quick = withFileLock(lock, async () => void order.push('quick'), { staleMs: 1_000 });
    await Promise.all([slow, quick]);
    expect(order).toEqual(['slow start', 'slow end', 'quick']);
  });

  it('takes over at once the lock of a holder that was killed (kill -9), long before it would go stale', async () => {
    const lock = join(dir, 'tokens.json.lock');
    const child = spawn(process.execPath, ['--import', 'tsx', holder, lock], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    expect(chunk.toString()).toBe('held\n');
    child.kill('SIGKILL');
    await once(child, 'exit');
    // Stale only after 10 min, and the wait gives up after 5 s: only the dead holder lets it through.
    const taken = await withFileLock(lock, async () => 'taken', { staleMs: 600_000, timeoutMs: 5_000 });
    expect(taken).toBe('taken');
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("waits for a live holder in another process, however young its lock", async () => {
    const lock = join(dir, 'tokens.json.lock');
    const child = spawn(process.execPath, ['--import', 'tsx', holder, lock], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(child.stdout, 'data');
      await expect(withFileLock(lock, async () => 'taken', { staleMs: 600_000, timeoutMs: 300 })).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining('held by another process') });
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });

  it('refuses a symbolic link to nothing at the lock path at once: it is no lock, and no one would ever release it', async () => {
    const lock = join(dir, 'tokens.json.lock');
    await symlink(join(dir, 'nothing'), lock);
    await expect(withFileLock(lock, async () => 'taken')).rejects.toMatchObject({ code: 'TOKEN_STORE', message: expect.stringContaining('could not be inspected') });
  });
});
