/**
 * The run's bound on requests in flight (MAX_CONCURRENCY), shared by every
 * thread of one verify process: its own (the run's setup, the contract-breaks
 * step) and every vitest worker. Each HttpClient keeps its p-limit queue
 * (arrival order inside the thread); a request it lets go still takes one of
 * these permits before it is sent, so N workers never hold more than
 * MAX_CONCURRENCY requests open together.
 *
 * The counters are cells of one SharedArrayBuffer, which reaches the workers
 * as worker_threads environment data (cloned into every Worker started after
 * it is set, sharing the memory). Atomics keep the count exact and
 * Atomics.waitAsync parks a request without blocking its thread. A Pact
 * verifier child is another process: its parent lends it permits one
 * request at a time over IPC (lent-permits.ts), and `lend` makes them the
 * child's run permits.
 */
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';
import { pastDeadline, threadDeadlineSignal, type RunDeadline } from './run-deadline.ts';

const environmentKey = 'upgrade-guard:run-permits';
/**
 * The integer cells: MAX_CONCURRENCY, the permits held now and the most held at once, RUN_TIMEOUT_S in seconds (0:
 * none), and the tasks under the token store's lock (src/auth/file-lock.ts); then how many there are.
 */
const [LIMIT, IN_FLIGHT, PEAK, TIMEOUT_S, LOCKED, INT_CELLS] = [0, 1, 2, 3, 4, 5] as const;
/** Where RUN_TIMEOUT_S's moment (a float, ms since the epoch) starts: after the integer cells, at a multiple of its size. */
const DEADLINE_OFFSET = Math.ceil((INT_CELLS * Int32Array.BYTES_PER_ELEMENT) / Float64Array.BYTES_PER_ELEMENT) * Float64Array.BYTES_PER_ELEMENT;

/** What a request of the run takes before it is sent: a permit of this process's run, or one lent by a parent. */
export interface Permits {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A verifier child's permits, lent by its parent (lent-permits.ts). */
let lent: Permits | undefined;

export class RunPermits implements Permits {
  readonly #cells: Int32Array;
  readonly #deadlineAt: Float64Array;

  private constructor(buffer: SharedArrayBuffer) {
    this.#cells = new Int32Array(buffer, 0, INT_CELLS);
    this.#deadlineAt = new Float64Array(buffer, DEADLINE_OFFSET, 1);
  }

  /**
   * Starts the run's permits (before vitest starts its workers): `limit` requests in flight at most, over every
   * thread. With a deadline, no thread waits for a permit past it: a request still waiting when the run's time is
   * up fails with TARGET_TIMEOUT (every permit may be held by a request the target never answers, and vitest's
   * cancellation does not end a wait it does not know of).
   */
  static share(limit: number, deadline?: RunDeadline): RunPermits {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`run permits must be a positive integer, got ${limit}`);
    const buffer = new SharedArrayBuffer(DEADLINE_OFFSET + Float64Array.BYTES_PER_ELEMENT);
    const permits = new RunPermits(buffer);
    permits.#cells[LIMIT] = limit;
    if (deadline) {
      permits.#cells[TIMEOUT_S] = deadline.seconds;
      permits.#deadlineAt[0] = deadline.at;
    }
    setEnvironmentData(environmentKey, buffer);
    return permits;
  }

  /** Workers started from now on see no run (a test that shared permits cleans up). */
  static withdraw(): void {
    setEnvironmentData(environmentKey, undefined);
  }

  /** In a child process of the run (a Pact verifier child): its parent's permits, lent over IPC, are the run's. */
  static lend(permits: Permits): void {
    lent = permits;
  }

  /** The run's permits, in whichever thread or child process of the run; undefined outside a run (a unit test's client). */
  static ofRun(): Permits | undefined {
    if (lent) return lent;
    const buffer = getEnvironmentData(environmentKey);
    return buffer instanceof SharedArrayBuffer ? new RunPermits(buffer) : undefined;
  }

  /** The permits held right now, over every thread. */
  get inFlight(): number {
    return Atomics.load(this.#cells, IN_FLIGHT);
  }

  /** The most permits held at once so far, over every thread. */
  get peak(): number {
    return Atomics.load(this.#cells, PEAK);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  async #acquire(): Promise<void> {
    const cells = this.#cells;
    for (;;) {
      this.#refusePastDeadline();
      const held = Atomics.load(cells, IN_FLIGHT);
      if (held < Atomics.load(cells, LIMIT)) {
        if (Atomics.compareExchange(cells, IN_FLIGHT, held, held + 1) === held) {
          this.#notePeak(held + 1);
          return;
        }
        continue;
      }
      // Sleeps until a release changes the count (or its recheck).
      await changeOrRecheck(cells, IN_FLIGHT, held);
    }
  }

  /** Counts a task under a lock among the run's (src/auth/file-lock.ts) until the returned function is called. */
  lockedTaskStarted(): () => void {
    Atomics.add(this.#cells, LOCKED, 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      Atomics.sub(this.#cells, LOCKED, 1);
      Atomics.notify(this.#cells, LOCKED);
    };
  }

  /**
   * Resolves once no thread of the run has a task under a lock. The run's cancellation at RUN_TIMEOUT_S waits for it
   * (src/runner/run-suites.ts): vitest then stops its workers, and a worker stopped mid-rotation would lose the rotated
   * refresh token (spec §5.8). Bounded: each task is (file-lock.ts), and past the deadline no new grant is sent.
   */
  async lockedTasksSettled(): Promise<void> {
    for (let running = Atomics.load(this.#cells, LOCKED); running > 0; running = Atomics.load(this.#cells, LOCKED)) {
      await changeOrRecheck(this.#cells, LOCKED, running);
    }
  }

  /**
   * Aborted at the run's deadline, with its TARGET_TIMEOUT error as the reason; undefined without RUN_TIMEOUT_S.
   * A request in flight then ends at once: vitest's cancellation does not end a request that outlives the check
   * that sent it (or was sent before the check was known to run), and REQUEST_TIMEOUT_MS may be ten minutes.
   */
  deadline(): AbortSignal | undefined {
    const deadline = this.#runDeadline();
    return deadline && threadDeadlineSignal(deadline);
  }

  #refusePastDeadline(): void {
    const passed = pastDeadline(this.#runDeadline());
    if (passed) throw passed;
  }

  #runDeadline(): RunDeadline | undefined {
    const seconds = Atomics.load(this.#cells, TIMEOUT_S);
    return seconds > 0 ? { at: this.#deadlineAt[0] ?? 0, seconds } : undefined;
  }

  #release(): void {
    Atomics.sub(this.#cells, IN_FLIGHT, 1);
    Atomics.notify(this.#cells, IN_FLIGHT, 1);
  }

  #notePeak(held: number): void {
    for (let peak = Atomics.load(this.#cells, PEAK); held > peak; peak = Atomics.load(this.#cells, PEAK)) {
      if (Atomics.compareExchange(this.#cells, PEAK, peak, held) === peak) return;
    }
  }
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
async function changeOrRecheck(cells: Int32Array, index: number, value: number): Promise<void> {
  const waited = waitAsync(cells, index, value, RECHECK_MS);
  if (!waited.async) return;
  const keepAlive = setInterval(() => undefined, RECHECK_MS);
  try {
    await waited.value;
  } finally {
    clearInterval(keepAlive);
  }
}
