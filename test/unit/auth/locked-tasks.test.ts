/**
 * A process that ends while it rotates a refresh token first stores the
 * rotated pair: the spent refresh token does not come back (spec §5.8), and a
 * lost successor breaks the stored chain. Tested on a child that holds the
 * token store's lock and waits for its grant's answer (test/support/
 * locked-task-child.ts): the answer comes only after the process was told to
 * end, so a process that ended at once never stores the pair. A verifier
 * child that is told to end while it waits for the lock gives up taking it
 * before it ends, and so does verify stopped by Ctrl-C while it logs in. No time margins: each step waits for the one before it.
 */
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockedTasksSettled, withFileLock } from '../../../src/auth/file-lock.ts';
import { errorCatalog } from '../../../src/errors.ts';
import { lendPermits } from '../../../src/http/lent-permits.ts';
import { HANG_TEST_TIMEOUT_MS } from '../../support/hang-timeout.ts';
import { holdElsewhere, otherMachine } from '../../support/lock-held-elsewhere.ts';

const root = new URL('../../..', import.meta.url).pathname;
const fixture = join(root, 'test/support/locked-task-child.ts');

function paths(name: string): { lockPath: string; answered: string; stored: string } {
  const dir = mkdtempSync(join(tmpdir(), `ug-locked-${name}-`));
  return { lockPath: join(dir, 'tokens.json.lock'), answered: join(dir, 'answered'), stored: join(dir, 'stored') };
}

describe('a rotation under the token store lock outlives the end of its process', () => {
  it('lockedTasksSettled: at once with no locked task, else once the last one settles, thrown or not', async () => {
    await expect(lockedTasksSettled()).resolves.toBeUndefined();
    const { lockPath } = paths('settled');
    const order: string[] = [];
    let finish: (() => void) | undefined;
    let locked: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const task = withFileLock(lockPath, async () => {
      locked?.();
      await new Promise<void>((resolve) => (finish = resolve));
      order.push('task settled');
      throw new Error('the grant failed');
    });
    await held;
    const settled = lockedTasksSettled().then(() => order.push('waiter resolved'));
    order.push('still running');
    finish?.();
    await expect(task).rejects.toThrow('the grant failed');
    await settled;
    expect(order).toEqual(['still running', 'task settled', 'waiter resolved']);
  });

  it('the verifier child, its channel closed while its grant is in flight, stores the pair before it ends', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { lockPath, answered, stored } = paths('channel');
    const child = fork(fixture, ['channel', lockPath, answered, stored], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // The run's permits, lent as verify lends them: the grant holds one while it is in flight.
    const endLending = lendPermits(child, { run: (task) => task() });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
    await new Promise<void>((resolve) => child.on('message', (message) => message === 'granted' && resolve()));
    // What the run's deadline and its owner's close do (quiet-verification.ts): the channel closes.
    child.disconnect();
    writeFileSync(answered, '');
    // It ended as the verifier child ends (at once, with SIGKILL), not by an error (its permit given back on a closed
    // channel), and only after the pair was stored.
    expect(await exited).toEqual([null, 'SIGKILL']);
    endLending();
    expect(existsSync(stored)).toBe(true);
    // Its lock was released before it ended: another machine sharing the store does not wait for it to go stale.
    expect(existsSync(lockPath)).toBe(false);
  });

  it('the verifier child, its channel closed while its grant waits for a run permit, sends nothing and ends', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { lockPath, answered, stored } = paths('unlent');
    const child = fork(fixture, ['channel', lockPath, answered, stored], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // No permit is free: the run's MAX_CONCURRENCY requests are all in flight elsewhere.
    let asked: (() => void) | undefined;
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    const endLending = lendPermits(child, { run: () => (asked?.(), new Promise<never>(() => undefined)) });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await askedOnce;
    child.disconnect();
    // The grant was never sent, so nothing was spent: the wait fails at once and the child ends.
    expect(await exited).toBe('SIGKILL');
    endLending();
    expect(existsSync(stored)).toBe(false);
    expect(readFileSync(`${stored}.failed`, 'utf8')).toContain('not sent: the run ended before the request got a run permit');
  });

  it('a command that fails mid-rotation prints its one line, stores the pair, then exits with its code', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { lockPath, answered, stored } = paths('command');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, 'command', lockPath, answered, stored], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stderr = '';
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('\n')) resolve();
      }),
    );
    expect(stderr).toMatch(/^TARGET_TIMEOUT: the run did not finish/);
    writeFileSync(answered, '');
    expect(await exited).toBe(errorCatalog.TARGET_TIMEOUT.exitCode);
    expect(existsSync(stored)).toBe(true);
  });

  it('the verifier child, its channel closed while it waits for the lock, gives up taking it and ends, leaving no draft of it', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { lockPath, answered, stored } = paths('waiting');
    // Held by another machine for the whole test: the child can only wait for it.
    holdElsewhere(lockPath);
    const child = fork(fixture, ['waiting', lockPath, answered, stored], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve) => child.on('message', (message) => message === 'taking' && resolve()));
    child.disconnect();
    expect(await exited).toBe('SIGKILL');
    // It gave up with the run's end as its reason, rather than being ended in the middle of taking the lock.
    expect(readFileSync(`${stored}.failed`, 'utf8')).toContain('the run ended before this task took the token store lock');
    expect(existsSync(stored)).toBe(false);
    // The lock is as its holder left it, and no draft of the child's is left beside it.
    expect(readFileSync(lockPath, 'utf8')).toBe(otherMachine);
    expect(readdirSync(dirname(lockPath)).filter((file) => file.startsWith('tokens.json.lock')).sort()).toEqual(['tokens.json.lock']);
  });
  it('verify stopped while a login waits for the lock: the login gives up taking it, then the run ends with its one line, leaving no draft', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { lockPath, answered, stored } = paths('stopped');
    holdElsewhere(lockPath);
    const child = fork(fixture, ['stopped', lockPath, answered, stored], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => child.on('message', (message) => message === 'taking' && resolve()));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^INTERRUPTED: SIGINT; stopped before any check ran/)]);
    // It gave up with the stop as its reason before the process ended, rather than being ended in the middle of taking the lock.
    expect(readFileSync(`${stored}.at-end`, 'utf8')).toContain('stopped before any check ran');
    expect(existsSync(stored)).toBe(false);
    expect(readFileSync(lockPath, 'utf8')).toBe(otherMachine);
    expect(readdirSync(dirname(lockPath)).filter((file) => file.startsWith('tokens.json.lock')).sort()).toEqual(['tokens.json.lock']);
  });
});
