/**
 * Suite workers load their first file a few at a time. Against a
 * far target verify starts MAX_CONCURRENCY workers, eight by default, and
 * each needs CPU to load its setup files and its first file's modules.
 * Loading together on two cores, they would all become ready at once, long
 * after the logins had ended, while the network stayed idle. With a slot each, the first workers load at full
 * speed and start their checks, which mostly wait on the network, while the
 * next ones load (`npm run bench` measures the overlap).
 *
 * The slots cover what a worker loads for its first file; vitest's own
 * worker start comes before them, and a module a file imports once its
 * checks run comes after. The count is a cell of the run's shared memory
 * (src/run-cells.ts), as the run's permits are. A worker takes a slot for its first
 * file only (start-slot-setup.ts) and gives it back when that file's checks
 * start, when it waits for the main process's work (handoff.ts: the
 * contract suite waits for its verification while it loads), or when its
 * next file starts (the first never got to its checks: it failed to load,
 * or, with a single worker, vitest loads every file before running any).
 * Once the run is cancelled, no worker waits (run-start-setup.ts).
 * Outside a run that shared slots, nothing waits.
 */
import { NO_START_SLOTS, cell, changeOrRecheck, runCells, shareRunCells } from '../run-cells.ts';

const { slotsFree: FREE, slotWaitMs: WAIT_MS, waitingForSlot: WAITING } = cell;
/** Slots enough for any run's workers: added when the run is cancelled. */
export const START_SLOTS_OPENED = 1 << 20;
/** The longest wait a cell holds (ms): about 24 days. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export interface StartSlotsOptions {
  /** How many workers load their first file at a time (src/config/concurrency-policy.ts). */
  readonly count: number;
  /**
   * The longest a worker waits for a slot before it loads anyway (ms). A slot is held while a first file loads. A
   * slot never comes back when a worker's first file failed to load (an import error of ours) and the worker got no
   * other file, when its thread ended while it held one, or when every check of that file was skipped before it ran
   * (its hooks do not run; no suite file does that): a worker still waiting then loses this much, and no more.
   */
  readonly waitAtMostMs: number;
}

/**
 * Before vitest starts its workers, into the cells the run's permits opened; a run without them, or one that already
 * shares slots, gets cells of its own.
 */
export function shareStartSlots(options: StartSlotsOptions): void {
  const { count, waitAtMostMs } = options;
  if (!Number.isInteger(count) || count < 1 || count >= START_SLOTS_OPENED) throw new RangeError(`start slots must be a positive integer below ${START_SLOTS_OPENED}, got ${count}`);
  if (!Number.isInteger(waitAtMostMs) || waitAtMostMs < 0 || waitAtMostMs > LONGEST_WAIT_MS) {
    throw new RangeError(`the wait for a start slot must be a whole number of ms up to ${LONGEST_WAIT_MS}, got ${waitAtMostMs}`);
  }
  const shared = runCells();
  const cells = (shared && Atomics.load(shared.ints, WAIT_MS) === NO_START_SLOTS ? shared : shareRunCells()).ints;
  Atomics.store(cells, FREE, count);
  Atomics.store(cells, WAITING, 0);
  Atomics.store(cells, WAIT_MS, waitAtMostMs);
}

/**
 * The run is cancelled: no worker waits for a slot any more. A cancelled file is skipped without its hooks, so a slot
 * its worker holds may never come back.
 */
export function openStartSlots(): void {
  const cells = sharedCells();
  if (!cells) return;
  Atomics.add(cells, FREE, START_SLOTS_OPENED);
  Atomics.notify(cells, FREE);
}

/** From now on no thread of the run takes a slot, and one held is not given back (a test that shared them cleans up). */
export function withdrawStartSlots(): void {
  const cells = sharedCells();
  if (cells) Atomics.store(cells, WAIT_MS, NO_START_SLOTS);
}

/** The slots free right now; undefined outside a run that shared them. */
export function freeStartSlots(): number | undefined {
  const cells = sharedCells();
  return cells && Atomics.load(cells, FREE);
}

/** The workers waiting for a slot right now; undefined outside a run that shared them. */
export function waitingForStartSlots(): number | undefined {
  const cells = sharedCells();
  return cells && Atomics.load(cells, WAITING);
}

/** `none`: no file yet; `waiting` for a slot; `held` while the first file loads; `done` from then on. */
type SlotState = 'none' | 'waiting' | 'held' | 'done';

/** This thread's slot: a worker loads this module once for all its files (the suites run with `isolate: false`). */
const thread: { slot?: SlotState } = {};

/**
 * At the start of each of a worker's files. The first waits for a slot (as long as the run's bound at most); a later
 * one gives back a slot the first still holds.
 */
export async function startSlotForFile(): Promise<void> {
  if ((thread.slot ?? 'none') !== 'none') {
    releaseStartSlot();
    return;
  }
  const cells = sharedCells();
  if (!cells) {
    thread.slot = 'done';
    return;
  }
  thread.slot = 'waiting';
  const until = Date.now() + Atomics.load(cells, WAIT_MS);
  Atomics.add(cells, WAITING, 1);
  try {
    while (thread.slot === 'waiting') {
      const free = Atomics.load(cells, FREE);
      if (free > 0) {
        if (Atomics.compareExchange(cells, FREE, free, free - 1) === free) thread.slot = 'held';
      } else if (Date.now() >= until) {
        thread.slot = 'done';
      } else {
        await changeOrRecheck(cells, FREE, free);
      }
    }
  } finally {
    Atomics.sub(cells, WAITING, 1);
  }
}

/**
 * Gives this thread's slot back; a wait for one under way ends without it. From then on the thread takes none. A
 * thread that never started a file (verify's own, a test's) is left as it is: nothing of it changes.
 */
export function releaseStartSlot(): void {
  const state = thread.slot;
  if (state === undefined || state === 'none') return;
  thread.slot = 'done';
  if (state !== 'held') return;
  const cells = sharedCells();
  if (!cells) return;
  Atomics.add(cells, FREE, 1);
  Atomics.notify(cells, FREE, 1);
}

/** The slots' cells; undefined outside a run that shares slots. */
function sharedCells(): Int32Array | undefined {
  const cells = runCells()?.ints;
  return cells && Atomics.load(cells, WAIT_MS) !== NO_START_SLOTS ? cells : undefined;
}
