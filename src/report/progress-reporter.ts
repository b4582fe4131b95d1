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

interface Tally {
  total: number;
  done: number;
}

export class ProgressReporter implements Reporter {
  readonly #options: ProgressOptions;
  readonly #targets = new Map<string, Tally>();
  /** The checks counted in a total: a run cut short reports checks of files it never collected, which count for nothing. */
  readonly #counted = new Set<string>();
  /** The checks counted done: a cancelled run reports a check's result again as it ends, which must not count twice. */
  readonly #done = new Set<string>();
  #failed = 0;
  #shown = false;

  constructor(options: ProgressOptions) {
    this.#options = options;
  }

  onTestModuleCollected(module: TestModule): void {
    for (const test of module.children.allTests()) {
      if (test.options.mode === 'skip' || test.options.mode === 'todo') continue;
      this.#counted.add(test.id);
      this.#tally(targetOf(test)).total += 1;
    }
    this.#live();
  }

  onTestCaseResult(test: TestCase): void {
    const state = test.result().state;
    if (state === 'pending' || !this.#counted.has(test.id) || this.#done.has(test.id)) return;
    this.#done.add(test.id);
    this.#tally(targetOf(test)).done += 1;
    if (state === 'failed') this.#failed += 1;
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
    this.#options.write(`${progressPrefix}${this.line()}\n`);
  }

  onTestRunEnd(): void {
    if (this.#options.tty && this.#shown) this.#options.write('\r\x1b[2K');
    this.#shown = false;
  }

  /** `embedded 7.4 40/120, embedded 8.0 38/131; 2 failed` (targets in name order). */
  line(): string {
    const targets = [...this.#targets].sort(([a], [b]) => a.localeCompare(b)).map(([name, tally]) => `${name} ${tally.done}/${tally.total}`);
    return `${targets.join(', ')}; ${this.#failed} failed`;
  }

  #live(): void {
    if (!this.#options.tty) return;
    this.#shown = true;
    this.#options.write(`\r\x1b[2K${this.line()}`);
  }

  #tally(target: string): Tally {
    let tally = this.#targets.get(target);
    if (!tally) {
      tally = { total: 0, done: 0 };
      this.#targets.set(target, tally);
    }
    return tally;
  }
}
