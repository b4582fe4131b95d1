/**
 * verify's console reporter: one line per test file and target (a file holds
 * the checks of every target of the run, each in the meta), no stack
 * traces (they can carry request details; the Allure report holds the full
 * failure, redacted). The summary after the run lists every failure.
 * A file some of whose checks did not run (a signal or RUN_TIMEOUT_S ended
 * the run first, or its suite's setup failed) says how many, and is never
 * ticked: it did not pass.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { didNotRun, targetOf } from '../runner/results.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Never ran or cut off: a signal, RUN_TIMEOUT_S or its suite's failed setup kept it from running (results.ts). */
  notRun: number;
}

/** A file's line: the mark, then the target. */
export const fileLinePattern = /^[✓✗–] /m;

export class ConsoleReporter implements Reporter {
  readonly #write: (text: string) => void;

  constructor(write: (text: string) => void = (text) => void process.stdout.write(text)) {
    this.#write = write;
  }

  onTestModuleEnd(module: TestModule): void {
    const byTarget = new Map<string, Counts>();
    for (const test of module.children.allTests()) {
      const target = targetOf(test);
      const counts = byTarget.get(target) ?? { passed: 0, failed: 0, skipped: 0, notRun: 0 };
      byTarget.set(target, counts);
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else if (didNotRun(test)) counts.notRun += 1;
      else counts.skipped += 1;
    }
    for (const [target, counts] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
      this.#write(`${fileLine(target, module.relativeModuleId, counts)}\n`);
    }
  }
}

/** `✓ embedded 8.0   suites/auth/token-exchange.test.ts (9 passed)`; `–` marks a file with checks not run and none failed. */
function fileLine(target: string, file: string, { passed, failed, skipped, notRun }: Counts): string {
  const mark = failed > 0 ? '✗' : notRun > 0 ? '–' : '✓';
  const counts = [`${passed} passed`, failed > 0 && `${failed} failed`, skipped > 0 && `${skipped} skipped`, notRun > 0 && `${notRun} not run`].filter(Boolean).join(', ');
  return `${mark} ${target.padEnd(14)} ${file} (${counts})`;
}
