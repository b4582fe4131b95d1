/**
 * verify's console reporter: one line per test file and target (a file holds
 * the checks of every target of the run, each in the meta), no stack
 * traces (they can carry request details; the Allure report holds the full
 * failure, redacted). The summary after the run lists every failure.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { targetOf } from '../runner/results.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export class ConsoleReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    const byTarget = new Map<string, Counts>();
    for (const test of module.children.allTests()) {
      const target = targetOf(test);
      const counts = byTarget.get(target) ?? { passed: 0, failed: 0, skipped: 0 };
      byTarget.set(target, counts);
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else if (state === 'skipped') counts.skipped += 1;
    }
    for (const [target, { passed, failed, skipped }] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
      const mark = failed > 0 ? '✗' : '✓';
      const counts = [`${passed} passed`, failed > 0 && `${failed} failed`, skipped > 0 && `${skipped} skipped`].filter(Boolean).join(', ');
      process.stdout.write(`${mark} ${target.padEnd(14)} ${module.relativeModuleId} (${counts})\n`);
    }
  }
}
