/**
 * A thread's lock operations run from its first attempt to take the token store lock to the lock's release: a
 * thread stopped in between would leave a lock that names a process still running and that no heartbeat keeps
 * fresh, which the run's other threads wait out (src/auth/file-lock.ts). So vitest stops a worker only once they
 * settle (src/run-targets/rotations-setup.ts), and a run that was stopped or is out of time takes no lock from then
 * on: a task still waiting for one gives up with the run's reason. The lock here is held by another machine (a
 * holder this host cannot see), so the task waits until the test lets it go. No time margins.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { lockedTasksSettled, lockOperationsSettled, withFileLock } from '../../../src/auth/file-lock.ts';
import { RunPermits } from '../../../src/http/run-permits.ts';
import { holdElsewhere, otherMachine } from '../../support/lock-held-elsewhere.ts';

/** A lock file another machine holds (test/support/lock-held-elsewhere.ts). */
function heldElsewhere(): string {
  const lockPath = join(mkdtempSync(join(tmpdir(), 'ug-lock-operations-')), 'tokens.json.lock');
  holdElsewhere(lockPath);
  return lockPath;
}

afterEach(() => RunPermits.withdraw());

describe("a thread's lock operations", () => {
  it('include taking the lock: lockOperationsSettled waits for a task still waiting for it, lockedTasksSettled does not', async () => {
    const lockPath = heldElsewhere();
    const order: string[] = [];
    const task = withFileLock(lockPath, async () => {
      order.push('task ran');
    });
    const operations = lockOperationsSettled().then(() => order.push('lock operations settled'));
    await lockedTasksSettled();
    order.push('locked tasks settled');
    rmSync(lockPath);
    await task;
    await operations;
    expect(order).toEqual(['locked tasks settled', 'task ran', 'lock operations settled']);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('a run stopped by a signal takes no lock: the waiting task gives up with the signal, and the run counts it no more', async () => {
    const lockPath = heldElsewhere();
    const permits = RunPermits.share(2);
    let ran = false;
    const task = withFileLock(lockPath, async () => {
      ran = true;
    });
    // So that it has tried to take the lock, found it held and waits (the verdict is the same if it had not yet tried).
    await sleep(300);
    permits.stop('SIGTERM');
    await expect(task).rejects.toMatchObject({ code: 'INTERRUPTED', signal: 'SIGTERM' });
    await permits.lockOperationsSettled();
    await lockOperationsSettled();
    expect(ran).toBe(false);
    expect(readFileSync(lockPath, 'utf8')).toBe(otherMachine);
  });

  it('a run out of time takes no lock: the task gives up with TARGET_TIMEOUT', async () => {
    const lockPath = heldElsewhere();
    const permits = RunPermits.share(2, { at: Date.now() - 1, seconds: 1 });
    let ran = false;
    const task = withFileLock(lockPath, async () => {
      ran = true;
    });
    await expect(task).rejects.toMatchObject({ code: 'TARGET_TIMEOUT' });
    await permits.lockOperationsSettled();
    expect(ran).toBe(false);
  });
});
