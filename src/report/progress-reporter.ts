/**
 * verify's progress on stderr (stdout keeps the per-file lines and the
 * summary): per run target, checks done of those collected so far (vitest
 * collects a file when a worker takes it up, so the total grows while files
 * start), and the failures so far.
 * - On a terminal: one line, rewritten in place as checks finish, cleared at
 *   the end.
 * - Not a terminal, or `CI=true` (a CI log keeps every byte): a plain line
 *   each time a file finishes, `progress: embedded 7.4 40/120, embedded 8.0
 *   38/131; 0 failed`.
 * No check names or messages: the summary says what failed.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { targetOf } from '../runner/results.ts';

export const progressPrefix = 'progress: ';

export interface ProgressOptions {
  /** Rewrite one line in place (a terminal) rather than write plain lines. */
  readonly tty: boolean;
  readonly write: (text: string) => void;
}

/** verify's choice: a live line only on a terminal outside CI. */
export function progressOptionsFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): ProgressOptions {
  return { tty: stream.isTTY === true && env.CI !== 'true', write: (text) => void stream.write(text) };
}

export class ProgressReporter implements Reporter {
  readonly #options: ProgressOptions;
  /** The checks counted in a total, with their target: a run cut short reports checks of files it never collected, which count for nothing. */
  readonly #collected = new Map<string, string>();
  /**
   * The checks that finished, once each, whether failed: a cancelled run reports a check's result again as it ends,
   * and on a busy machine a file's results can reach the reporter before its collection does.
   */
  readonly #finished = new Map<string, boolean>();
  #shown = false;

  constructor(options: ProgressOptions) {
    this.#options = options;
  }

  onTestModuleCollected(module: TestModule): void {
    this.#collect(module);
    this.#live();
  }

  onTestCaseResult(test: TestCase): void {
    this.#finish(test);
    this.#live();
  }

  /** Runs before the console reporter's per-file line (verify lists this reporter first): a live line makes way for it. */
  onTestModuleEnd(module: TestModule): void {
    if (this.#options.tty) {
      if (this.#shown) this.#options.write('\r\x1b[2K');
      this.#shown = false;
      return;
    }
    if (!module.children.allTests().next().value) return;
    // vitest does not wait for a file's collection to be reported before its results: the file's line counts them all.
    this.#collect(module);
    for (const test of module.children.allTests()) this.#finish(test);
    this.#options.write(`${progressPrefix}${this.line()}\n`);
  }

  onTestRunEnd(): void {
    if (this.#options.tty && this.#shown) this.#options.write('\r\x1b[2K');
    this.#shown = false;
  }

  /** `embedded 7.4 40/120, embedded 8.0 38/131; 2 failed` (targets in name order). */
  line(): string {
    const tallies = new Map<string, { total: number; done: number }>();
    let failed = 0;
    for (const [id, target] of this.#collected) {
      const tally = tallies.get(target) ?? { total: 0, done: 0 };
      tally.total += 1;
      const outcome = this.#finished.get(id);
      if (outcome !== undefined) tally.done += 1;
      if (outcome === true) failed += 1;
      tallies.set(target, tally);
    }
    const targets = [...tallies].sort(([a], [b]) => a.localeCompare(b)).map(([name, tally]) => `${name} ${tally.done}/${tally.total}`);
    return `${targets.join(', ')}; ${failed} failed`;
  }

  #collect(module: TestModule): void {
    for (const test of module.children.allTests()) {
      if (test.options.mode !== 'skip' && test.options.mode !== 'todo') this.#collected.set(test.id, targetOf(test));
    }
  }

  #finish(test: TestCase): void {
    const state = test.result().state;
    if (state !== 'pending' && !this.#finished.has(test.id)) this.#finished.set(test.id, state === 'failed');
  }

  #live(): void {
    if (!this.#options.tty) return;
    this.#shown = true;
    this.#options.write(`\r\x1b[2K${this.line()}`);
  }
}
