/**
 * Bounded concurrency: at most `limit` tasks in flight, the rest queued in
 * arrival order. Requests that do not depend on each other go through one
 * limiter so a run never opens more than MAX_CONCURRENCY requests at once.
 */
export class ConcurrencyLimiter {
  readonly #limit: number;
  #active = 0;
  #peak = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
    this.#limit = limit;
  }

  /** The highest number of tasks that were in flight at once (for benchmarks and tests). */
  get peak(): number {
    return this.#peak;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#active += 1;
    this.#peak = Math.max(this.#peak, this.#active);
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }
}
