/**
 * What the start-slots fixtures share (run.ts): cells that count the
 * workers that reached their setup files (arrived.ts), the files loading
 * right now, the most that ever loaded together, and the files loaded; in
 * the `cancel` mode, whether the loading is held.
 */
import { getEnvironmentData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { freeStartSlots, waitingForStartSlots } from '../../../src/run-targets/start-slots.ts';

export const probeKey = 'upgrade-guard-test:load-probe';
/** How many workers the run starts, a fixture file each. */
export const WORKERS = 4;
export const ARRIVED = 0;
const LOADING = 1;
export const MOST = 2;
const LOADED = 3;
/** 1 while run.ts's `cancel` mode holds every file's loading until it has cancelled the run. */
export const HELD = 4;
export const PROBE_CELLS = 5;

export function probeCells(): Int32Array | undefined {
  const buffer = getEnvironmentData(probeKey);
  return buffer instanceof SharedArrayBuffer ? new Int32Array(buffer) : undefined;
}

/**
 * A fixture file's loading, from its top level, and its one test. The loading goes on until two files have loaded
 * together (the slots let them), or until every worker has reached its setup files and each one whose file has not
 * loaded yet is waiting for the one slot, which this file holds. Either way it ends, and no timing decides which:
 * if the other workers did not wait, one of them would load alongside.
 */
export async function loadingFile(): Promise<void> {
  const cells = probeCells();
  if (!cells) throw new Error('no load probe: run the fixtures with run.ts');
  while (Atomics.load(cells, HELD) === 1) await sleep(10);
  Atomics.add(cells, LOADING, 1);
  for (;;) {
    const together = Atomics.load(cells, LOADING);
    for (let most = Atomics.load(cells, MOST); together > most; most = Atomics.load(cells, MOST)) Atomics.compareExchange(cells, MOST, most, together);
    if (Atomics.load(cells, MOST) >= 2) break;
    const othersToLoad = WORKERS - Atomics.load(cells, LOADED) - 1;
    if (Atomics.load(cells, ARRIVED) === WORKERS && waitingForStartSlots() === othersToLoad) break;
    await sleep(10);
  }
  Atomics.add(cells, LOADED, 1);
  Atomics.sub(cells, LOADING, 1);
  test('loaded', () => {
    // Taken only when one is free: the count never goes below none.
    expect(freeStartSlots()).toBeGreaterThanOrEqual(0);
  });
}
