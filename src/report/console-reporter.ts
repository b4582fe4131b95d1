/**
 * verify's console reporter: one line per test file and target, no stack
 * traces (they can carry request details; the Allure report holds the full
 * failure, redacted). The summary after the run lists every failure.
 */
import type { Reporter, TestModule } from 'vitest/node';

export class ConsoleReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') passed += 1;
      else if (state === 'failed') failed += 1;
      else if (state === 'skipped') skipped += 1;
    }
    const mark = failed > 0 ? '✗' : '✓';
    const counts = [`${passed} passed`, failed > 0 && `${failed} failed`, skipped > 0 && `${skipped} skipped`].filter(Boolean).join(', ');
    process.stdout.write(`${mark} ${module.project.name.padEnd(14)} ${module.relativeModuleId} (${counts})\n`);
  }
}
