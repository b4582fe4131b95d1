/**
 * The run's bound on requests in flight (MAX_CONCURRENCY), over every thread
 * of one verify process: its own (the run's setup, the contract-breaks step)
 * and every vitest worker. A request an HttpClient's own queue lets go still
 * takes one of these permits before it is sent.
 *
 * The counters are cells of one SharedArrayBuffer that reaches the workers,
 * with the run's deadline, through vitest's `provide` (cloned into each worker,
 * the buffer's memory shared; permits-setup.ts joins it). Atomics keep the
 * count exact; Atomics.waitAsync parks a request without blocking its thread.
 * A Pact verifier child borrows permits over IPC (lent-permits.ts).
 */
import { RunInterrupted, stopSignals, type StopSignal } from '../errors.ts';
import { pastDeadline, threadDeadlineSignal, type RunDeadline } from './run-deadline.ts';

/** The cells: MAX_CONCURRENCY, the permits held now, the most held at once, the tasks taking or holding the token store's lock (src/auth/file-lock.ts), the signal that stopped the run (its index in `stopSignals` + 1). */
const [LIMIT, IN_FLIGHT, PEAK, LOCKED, STOPPED] = [0, 1, 2, 3, 4] as const;

/** What a request of the run takes before it is sent: a permit of this process's run, or one lent by a parent. */
export interface Permits {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** What a worker joins the run's permits with. */
export type SharedRun = { readonly cells: SharedArrayBuffer; readonly deadline: RunDeadline | undefined };

/** The run's permits in this thread: shared by it, joined by a worker, or lent to a verifier child by its parent. */
let ofThisThread: Permits | undefined;

export class RunPermits implements Permits {
  readonly #shared: SharedRun;
  readonly #cells: Int32Array;

  private constructor(shared: SharedRun) {
    this.#shared = shared;
    this.#cells = new Int32Array(shared.cells);
  }

  /**
   * Starts the run's permits (before vitest starts its workers): `limit` requests in flight at most, over every
   * thread. With a deadline, no thread waits for a permit past it: a request still waiting when the run's time is
   * up fails with TARGET_TIMEOUT (every permit may be held by a request the target never answers, and vitest's
   * cancellation does not end a wait it does not know of).
   */
  static share(limit: number, deadline?: RunDeadline): RunPermits {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`run permits must be a positive integer, got ${limit}`);
    const permits = new RunPermits({ cells: new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT), deadline });
    permits.#cells[LIMIT] = limit;
    ofThisThread = permits;
    return permits;
  }

  /** What a worker of the run joins with (`join`): handed to the workers before they start. */
  get shared(): SharedRun {
    return this.#shared;
  }

  /** In a worker of the run: the permits the thread that started the run shared; undefined leaves the thread outside a run. */
  static join(shared: SharedRun | undefined): void {
    ofThisThread = shared && new RunPermits(shared);
  }

  /** This thread is outside a run from now on (a test cleans up). */
  static withdraw(): void {
    ofThisThread = undefined;
  }

  /** In a child process of the run (a Pact verifier child): its parent's permits, lent over IPC, are the run's. */
  static lend(permits: Permits): void {
    ofThisThread = permits;
  }

  /** The run's permits, in whichever thread or child process of the run; undefined outside a run (a unit test's client). */
  static ofRun(): Permits | undefined {
    return ofThisThread;
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
      Atomics.sub(this.#cells, IN_FLIGHT, 1);
      Atomics.notify(this.#cells, IN_FLIGHT, 1);
    }
  }

  async #acquire(): Promise<void> {
    for (;;) {
      const refused = this.refusal('the run was stopped before this request was sent');
      if (refused) throw refused;
      const held = Atomics.load(this.#cells, IN_FLIGHT);
      if (held >= Atomics.load(this.#cells, LIMIT)) {
        // Sleeps until a release changes the count (or its recheck).
        await changeOrRecheck(this.#cells, IN_FLIGHT, held);
      } else if (Atomics.compareExchange(this.#cells, IN_FLIGHT, held, held + 1) === held) {
        for (let peak = Atomics.load(this.#cells, PEAK); held + 1 > peak; peak = Atomics.load(this.#cells, PEAK)) {
          if (Atomics.compareExchange(this.#cells, PEAK, peak, held + 1) === peak) break;
        }
        return;
      }
    }
  }

  /** Why nothing new may start, `what` naming it: the run's deadline passed, or a signal stopped it; undefined while the run goes on. */
  refusal(what: string): Error | undefined {
    const stoppedBy = stopSignals[Atomics.load(this.#cells, STOPPED) - 1];
    return pastDeadline(this.#shared.deadline) ?? (stoppedBy && new RunInterrupted(stoppedBy, what));
  }

  /** Ctrl-C or SIGTERM: no thread waits for a permit from now on (vitest's cancellation stops workers whose abandoned checks' requests never give theirs back). */
  stop(signal: StopSignal): void {
    Atomics.store(this.#cells, STOPPED, stopSignals.indexOf(signal) + 1);
    Atomics.notify(this.#cells, IN_FLIGHT);
  }

  /** Counts a task taking or holding a lock among the run's (src/auth/file-lock.ts) until the returned function is called. */
  lockOperationStarted(): () => void {
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
   * Resolves once no thread of the run is taking or holding a lock. The run's cancellation waits for it
   * (src/runner/run-suites.ts): vitest then stops its workers, and a worker stopped mid-rotation would lose the rotated
   * refresh token (spec §5.8). Bounded: each task is (file-lock.ts), and past the deadline no new grant is sent.
   */
  async lockOperationsSettled(): Promise<void> {
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
    return this.#shared.deadline && threadDeadlineSignal(this.#shared.deadline);
  }
}

/** A waiter re-reads the cell at least this often (ms). */
const RECHECK_MS = 200;

/**
 * Resolves once `cells[index]` is no longer `value`, or after RECHECK_MS at the latest (at once if it already
 * changed). The recheck means even a wake-up that went to a thread which no longer waits cannot strand this one. A
 * pending waitAsync does not keep a thread's event loop alive, so a timer does while it waits.
 */
async function changeOrRecheck(cells: Int32Array, index: number, value: number): Promise<void> {
  const waited = Atomics.waitAsync(cells, index, value, RECHECK_MS);
  if (!waited.async) return;
  const keepAlive = setInterval(() => undefined, RECHECK_MS);
  try {
    await waited.value;
  } finally {
    clearInterval(keepAlive);
  }
}
