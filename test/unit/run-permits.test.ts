/**
 * MAX_CONCURRENCY bounds a run, not a worker: the run's permits
 * are shared by every worker thread that joins them (`RunPermits.join`).
 */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { RunPermits } from '../../src/http/run-permits.ts';
import { holdOne } from '../support/hold-permit.ts';
import { tsWorker } from '../support/ts-worker.ts';

const permitsWorker = new URL('../support/run-permits-worker.ts', import.meta.url);

describe('run permits', () => {
  afterEach(() => RunPermits.withdraw());

  it('three worker threads with six tasks each never hold more than the limit together, and reach it', async () => {
    const permits = RunPermits.share(4);
    const together = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    const workers = Array.from(
      { length: 3 },
      () => tsWorker(permitsWorker, { tasks: 6, together, run: permits.shared }),
    );
    // A worker that ended without its 'done' fails the test at once instead of leaving it waiting.
    await Promise.all(
      workers.map((worker) =>
        Promise.race([once(worker, 'message'), once(worker, 'exit').then(([code]) => Promise.reject(new Error(`a worker ended (exit ${String(code)}) before its tasks were done`)))]),
      ),
    );
    await Promise.all(workers.map((worker) => worker.terminate()));
    // Six tasks start at once in each thread: the first four permits go out before any is given back.
    expect(permits.peak).toBe(4);
    expect(new Int32Array(together)[1]).toBeLessThanOrEqual(4);
    // Three threads load tsx and the module on a busy runner: a bound for a hang, not a timing assertion.
  }, 180_000);

  it('past RUN_TIMEOUT_S, a task waiting for a permit fails with TARGET_TIMEOUT instead of waiting on', async () => {
    // The one permit is held by a task the target never finishes, as a request it never answers would hold it.
    const permits = RunPermits.share(1, { at: Date.now() + 300, seconds: 7 });
    const { holder, releaseHolder } = await holdOne(permits);
    let ran = false;
    const waiter = permits.run(async () => {
      ran = true;
    });
    await expect(waiter).rejects.toMatchObject({ code: 'TARGET_TIMEOUT', message: 'the run did not finish within RUN_TIMEOUT_S=7 s' });
    expect(ran).toBe(false);
    releaseHolder();
    await holder;
  });

  it('once the run is stopped by a signal, a task waiting for a permit fails with INTERRUPTED instead of waiting on', async () => {
    // The one permit is held by a request of a check vitest's cancellation abandoned: its worker stops, and it is never given back.
    const permits = RunPermits.share(1);
    const { holder, releaseHolder } = await holdOne(permits);
    let ran = false;
    const waiter = permits.run(async () => {
      ran = true;
    });
    permits.stop('SIGINT');
    await expect(waiter).rejects.toMatchObject({ code: 'INTERRUPTED', signal: 'SIGINT' });
    // Nor does a task that asks after the stop wait.
    await expect(permits.run(async () => 'ran')).rejects.toMatchObject({ code: 'INTERRUPTED' });
    expect(ran).toBe(false);
    releaseHolder();
    await holder;
  });

  it('without a deadline, a waiting task runs once a permit is given back', async () => {
    const permits = RunPermits.share(1);
    const { holder, releaseHolder } = await holdOne(permits);
    const waiter = permits.run(async () => 'ran');
    releaseHolder();
    await holder;
    await expect(waiter).resolves.toBe('ran');
  });

  it('refuses a bound that is not a positive whole number', () => {
    expect(() => RunPermits.share(0)).toThrow(RangeError);
  });
});
