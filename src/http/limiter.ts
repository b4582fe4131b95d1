/**
 * Bounded concurrency: at most `limit` tasks in flight, the rest queued in
 * arrival order (p-limit). Requests that do not depend on each other go
 * through one limiter so a run never opens more than MAX_CONCURRENCY
 * requests at once. This class adds only the peak count that benchmarks and
 * tests read.
 */
import pLimit, { type LimitFunction } from 'p-limit';

export class ConcurrencyLimiter {
  readonly #limit: LimitFunction;
  #peak = 0;

  constructor(limit: number) {
    // p-limit's own check throws a TypeError; a bad bound is a range error here.
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
    this.#limit = pLimit(limit);
  }

  /** The highest number of tasks that were in flight at once (for benchmarks and tests). */
  get peak(): number {
    return this.#peak;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.#limit(() => {
      this.#peak = Math.max(this.#peak, this.#limit.activeCount);
      return task();
    });
  }
}
