/**
 * The run's shared memory: one SharedArrayBuffer of cells that every thread
 * of a verify run reads and changes with Atomics. It reaches the workers as
 * worker_threads environment data, cloned into every Worker started after it
 * is set and sharing the memory. Its cells: the run's permits
 * (src/http/run-permits.ts) and the workers' start slots
 * (src/run-targets/start-slots.ts).
 */
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

const environmentKey = 'upgrade-guard:run-cells';

/** The integer cells, by name; each file reads and changes only its own. */
export const cell = {
  /** MAX_CONCURRENCY (0: the run shared no permits), the permits held now, and the most held at once. */
  permitLimit: 0,
  permitsHeld: 1,
  permitsPeak: 2,
  /** RUN_TIMEOUT_S in seconds (0: none); the moment itself is `RunCells.deadlineAt`. */
  runTimeoutSeconds: 3,
  /** Tasks under the token store's lock, over every thread (src/auth/file-lock.ts): a refresh-token rotation may be one. */
  lockedTasks: 4,
  /** Start slots free now, the longest wait for one (ms; `NO_START_SLOTS`: the run shares none), and the workers waiting. */
  slotsFree: 5,
  slotWaitMs: 6,
  waitingForSlot: 7,
} as const;

/** `cell.slotWaitMs` of a run without start slots. */
export const NO_START_SLOTS = -1;
const INT_CELLS = 8;
/** Where the deadline's float starts: after the integer cells, at a multiple of its own size. */
const DEADLINE_OFFSET = Math.ceil((INT_CELLS * Int32Array.BYTES_PER_ELEMENT) / Float64Array.BYTES_PER_ELEMENT) * Float64Array.BYTES_PER_ELEMENT;

export interface RunCells {
  readonly ints: Int32Array;
  /** RUN_TIMEOUT_S's moment, ms since the epoch. */
  readonly deadlineAt: Float64Array;
}

/** A new run's cells, shared with every worker started from now on: no permits, no start slots yet. */
export function shareRunCells(): RunCells {
  const buffer = new SharedArrayBuffer(DEADLINE_OFFSET + Float64Array.BYTES_PER_ELEMENT);
  const cells = cellsOf(buffer);
  Atomics.store(cells.ints, cell.slotWaitMs, NO_START_SLOTS);
  setEnvironmentData(environmentKey, buffer);
  return cells;
}

/** Workers started from now on see no run (a test that shared one cleans up). */
export function withdrawRunCells(): void {
  setEnvironmentData(environmentKey, undefined);
}

/** The cells of the run this thread belongs to; undefined outside a run. */
export function runCells(): RunCells | undefined {
  const buffer = getEnvironmentData(environmentKey);
  return buffer instanceof SharedArrayBuffer ? cellsOf(buffer) : undefined;
}

function cellsOf(buffer: SharedArrayBuffer): RunCells {
  return { ints: new Int32Array(buffer, 0, INT_CELLS), deadlineAt: new Float64Array(buffer, DEADLINE_OFFSET, 1) };
}

/** Atomics.waitAsync (ES2024; in Node since 16), typed here because the project's lib is ES2023. */
type WaitAsync = (cells: Int32Array, index: number, value: number, timeoutMs: number) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** A waiter re-reads the cell at least this often (ms). */
const RECHECK_MS = 200;

/**
 * Resolves once `cells[index]` is no longer `value`, or after RECHECK_MS at the latest (at once if it already
 * changed). The recheck means even a wake-up that went to a thread which no longer waits cannot strand this one. A
 * pending waitAsync does not keep a thread's event loop alive, so a timer does while it waits.
 */
export async function changeOrRecheck(cells: Int32Array, index: number, value: number): Promise<void> {
  const waited = waitAsync(cells, index, value, RECHECK_MS);
  if (!waited.async) return;
  const keepAlive = setInterval(() => undefined, RECHECK_MS);
  try {
    await waited.value;
  } finally {
    clearInterval(keepAlive);
  }
}
