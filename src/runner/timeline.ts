/**
 * verify's steps, timed for `--timings`: each `step` closes the phase that
 * began where the last one ended. The suites step is split with the run
 * setup's performance measures (src/runner/run-setup.ts), which run in this
 * process: vitest's start, the targets' setup, then the suites.
 */
import { loginsMeasurePrefix, setupMeasurePrefix } from '../run-targets/traffic.ts';
import type { Phase } from './timings.ts';

export class Timeline {
  readonly #phases: Phase[] = [];
  readonly #alongside: Phase[] = [];
  #last: number;

  /** The first phase runs from the process's start (performance's time origin) to now. */
  constructor(firstLabel: string) {
    this.#last = performance.now();
    this.#phases.push({ label: firstLabel, ms: this.#last });
  }

  step(label: string): void {
    const now = performance.now();
    this.#phases.push({ label, ms: now - this.#last });
    this.#last = now;
  }

  /** Closes the suites step, split at the run's setup. */
  suites(): void {
    const setups = performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith(setupMeasurePrefix) && entry.startTime >= this.#last)
      .sort((a, b) => a.startTime - b.startTime);
    const first = setups[0];
    if (first) {
      this.#phases.push({ label: 'vitest start', ms: first.startTime - this.#last });
      for (const setup of setups) this.#phases.push({ label: `${setup.name} (platforms)`, ms: setup.duration });
      this.#last = Math.max(...setups.map((setup) => setup.startTime + setup.duration));
    }
    // The logins follow the targets' start, before vitest starts the workers (src/runner/run-setup.ts).
    for (const logins of performance.getEntriesByType('measure').filter((entry) => entry.name.startsWith(loginsMeasurePrefix) && entry.startTime >= (first?.startTime ?? this.#last))) {
      this.#phases.push({ label: `${logins.name} (the shared sessions)`, ms: logins.duration });
      this.#last = Math.max(this.#last, logins.startTime + logins.duration);
    }
    this.step('suites');
  }

  /** Times a step that runs alongside the others: shown, but not counted in the total. */
  async alongside<T>(label: string, body: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await body();
    } finally {
      this.#alongside.push({ label, ms: performance.now() - started });
    }
  }

  phases(): readonly Phase[] {
    const total = this.#phases.reduce((sum, phase) => sum + phase.ms, 0);
    return [...this.#phases, { label: 'total', ms: total }, ...this.#alongside];
  }
}
