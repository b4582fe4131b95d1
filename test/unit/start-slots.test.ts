/**
 * Suite workers load their first file a few at a time
 * (src/run-targets/start-slots.ts): a worker holds its slot while its first
 * file loads, gives it back when it waits for the main process's work or
 * when its next file starts, never takes one for a later file, and loads
 * anyway once the run's bound on the wait has passed or the run is
 * cancelled. Worker threads, as the suites' workers are; what happens while
 * a worker waits is done once it counts among the waiting, never after a
 * pause. The last two tests run vitest's own workers with the suites' setup
 * file and global setup (test/support/start-slots/); the suites' configuration
 * lists both (test/unit/suite-workers.test.ts).
 */
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { START_SLOTS_OPENED, freeStartSlots, openStartSlots, shareStartSlots, waitingForStartSlots, withdrawStartSlots } from '../../src/run-targets/start-slots.ts';
import { withdrawRunCells } from '../../src/run-cells.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { fixtureRunResult } from '../support/fixture-run.ts';
import { tsWorker } from '../support/ts-worker.ts';
import type { SlotStep } from '../support/start-slot-worker.ts';

const slotsWorker = new URL('../support/start-slot-worker.ts', import.meta.url);

interface Posted {
  readonly step: SlotStep;
  readonly free: number | undefined;
}

const started: Worker[] = [];

/** A worker going through `steps`, and the next of its posts as they come. */
function slotWorker(steps: readonly SlotStep[]): { readonly worker: Worker; readonly next: () => Promise<Posted> } {
  const worker = tsWorker(slotsWorker, { steps });
  started.push(worker);
  const posts: Posted[] = [];
  const waiting: ((posted: Posted) => void)[] = [];
  worker.on('message', (posted: Posted) => {
    const waiter = waiting.shift();
    if (waiter) waiter(posted);
    else posts.push(posted);
  });
  const next = (): Promise<Posted> => {
    const posted = posts.shift();
    if (posted) return Promise.resolve(posted);
    // A worker that ended without its post fails the test at once instead of leaving it waiting.
    return Promise.race([new Promise<Posted>((resolve) => waiting.push(resolve)), once(worker, 'exit').then(([code]) => Promise.reject(new Error(`the worker ended (exit ${String(code)})`)))]);
  };
  return { worker, next };
}

/** Resolves once `count` workers wait for a slot: what a test does next happens while they wait. */
async function whileWaiting(count: number): Promise<void> {
  while (waitingForStartSlots() !== count) await sleep(5);
}

describe('start slots', () => {
  afterEach(async () => {
    withdrawStartSlots();
    withdrawRunCells();
    await Promise.all(started.splice(0).map((worker) => worker.terminate()));
  });

  it('a worker holds its slot while its first file loads, gives it back with its next file, and takes none for that one', async () => {
    shareStartSlots({ count: 2, waitAtMostMs: 5000 });
    const { next } = slotWorker(['file', 'file', 'file']);
    expect(await next()).toEqual({ step: 'file', free: 1 });
    expect(await next()).toEqual({ step: 'file', free: 2 });
    // Never a slot for a later file.
    expect(await next()).toEqual({ step: 'file', free: 2 });
  });

  it('a worker that waits for the main process’s work gives its slot back', async () => {
    shareStartSlots({ count: 1, waitAtMostMs: 5000 });
    const { next } = slotWorker(['file', 'hand-over']);
    expect(await next()).toEqual({ step: 'file', free: 0 });
    expect(await next()).toEqual({ step: 'hand-over', free: 1 });
  });

  it('a worker waiting for a slot takes the one given back', async () => {
    shareStartSlots({ count: 1, waitAtMostMs: 2 ** 31 - 1 });
    const holder = slotWorker(['file', 'hold', 'file']);
    expect(await holder.next()).toEqual({ step: 'file', free: 0 });
    const waiter = slotWorker(['file']);
    const waited = waiter.next();
    await whileWaiting(1);
    holder.worker.postMessage('go on');
    expect(await holder.next()).toEqual({ step: 'hold', free: 0 });
    await holder.next();
    expect(await waited).toEqual({ step: 'file', free: 0 });
    // The holder gave its slot back and the waiter took it (loading without one, it would have left it free).
    expect(freeStartSlots()).toBe(0);
    expect(waitingForStartSlots()).toBe(0);
  });

  it('with every slot held past the run’s bound on the wait, a worker loads without one', async () => {
    shareStartSlots({ count: 1, waitAtMostMs: 0 });
    const keeper = slotWorker(['file', 'hold']);
    expect(await keeper.next()).toEqual({ step: 'file', free: 0 });
    const late = slotWorker(['file', 'file']);
    expect(await late.next()).toEqual({ step: 'file', free: 0 });
    // It took none, so its next file has none to give back.
    expect(await late.next()).toEqual({ step: 'file', free: 0 });
  });

  it('once the run is cancelled, a worker waiting for a slot loads', async () => {
    shareStartSlots({ count: 1, waitAtMostMs: 2 ** 31 - 1 });
    const keeper = slotWorker(['file', 'hold']);
    expect(await keeper.next()).toEqual({ step: 'file', free: 0 });
    const waiter = slotWorker(['file']);
    const waited = waiter.next();
    await whileWaiting(1);
    openStartSlots();
    // The keeper still holds its slot, and the waiter took one of those the cancellation opened.
    expect(await waited).toEqual({ step: 'file', free: START_SLOTS_OPENED - 1 });
  });

  it('outside a run that shared slots, a file starts at once', async () => {
    const { next } = slotWorker(['file']);
    expect(await next()).toEqual({ step: 'file', free: undefined });
  });

  it('refuses a count below one, and a bound that is not a whole number of ms a cell can hold', () => {
    expect(() => shareStartSlots({ count: 0, waitAtMostMs: 5000 })).toThrow(RangeError);
    expect(() => shareStartSlots({ count: 2, waitAtMostMs: 1.5 })).toThrow(RangeError);
    // More than a cell holds would turn into no wait at all.
    expect(() => shareStartSlots({ count: 2, waitAtMostMs: 2 ** 31 })).toThrow(RangeError);
  });

  describe.concurrent('vitest’s own workers, with the suites’ setup file and global setup', () => {
    it('load their first files one at a time with one slot', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      expect(await runFixtures('overlap')).toEqual({ passed: 4, mostLoadingTogether: 1 });
    });

    it('stop waiting for a slot once the run is cancelled', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      expect(await runFixtures('cancel')).toEqual({ ended: 'interrupted', waitingAtCancel: 3, waitingAfter: 0 });
    });
  });
});

function runFixtures(mode: 'overlap' | 'cancel'): Promise<unknown> {
  return fixtureRunResult('test/support/start-slots/run.ts', mode);
}
