/**
 * Waiting for a cell of a SharedArrayBuffer that other threads change,
 * without blocking this thread: the run's permits (src/http/run-permits.ts)
 * and the suite workers' start slots (src/run-targets/start-slots.ts).
 */

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
