/**
 * verify's per-file lines: a file whose checks all ended is ticked or crossed; one that a signal or
 * RUN_TIMEOUT_S ended first counts its checks not run and is never ticked. The states are the ones
 * vitest gives a file's checks as the file ends: a check vitest never started stays pending, one its
 * cancellation skipped has vitest's own note, one the check itself ended at the stop is skipped with a
 * "not run" reason (src/errors.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { cutOffNote, interruptedNote, vitestCancelNote } from '../../src/errors.ts';
import { ConsoleReporter, fileLinePattern } from '../../src/report/console-reporter.ts';

type Ended = string | { readonly state: 'skipped'; readonly note: string };

function fileLines(ended: readonly Ended[]): string {
  let written = '';
  const tests = ended.map((result, index) => ({
    id: String(index),
    project: { name: 'embedded 8.0' },
    parent: { type: 'module' },
    meta: () => ({}),
    result: () => (typeof result === 'string' ? { state: result } : result),
  }));
  const module = { relativeModuleId: 'suites/auth/token-exchange.test.ts', children: { allTests: () => tests[Symbol.iterator]() } };
  new ConsoleReporter((text) => (written += text)).onTestModuleEnd(module as unknown as TestModule);
  return written;
}

describe("verify's line for each file", () => {
  it('ticks a file whose checks all passed or were skipped for a reason of their own', () => {
    const notServed = { state: 'skipped', note: 'not checked: GET /jobs is not served' } as const;
    expect(fileLines(['passed', 'passed', notServed])).toBe('✓ embedded 8.0   suites/auth/token-exchange.test.ts (2 passed, 1 skipped)\n');
  });

  it('crosses a file with a failed check, whatever else it holds', () => {
    expect(fileLines(['passed', 'failed', 'pending'])).toBe('✗ embedded 8.0   suites/auth/token-exchange.test.ts (1 passed, 1 failed, 1 not run)\n');
  });

  it('never ticks a file the run was stopped in: its checks still pending are not run', () => {
    const line = fileLines(['passed', 'pending', 'pending']);
    expect(line).toBe('– embedded 8.0   suites/auth/token-exchange.test.ts (1 passed, 2 not run)\n');
    expect(line).toMatch(fileLinePattern);
  });

  it('counts a check that a signal or RUN_TIMEOUT_S cut off as not run, not as skipped', () => {
    const stopped = { state: 'skipped', note: interruptedNote('SIGTERM') } as const;
    const timedOut = { state: 'skipped', note: cutOffNote(30) } as const;
    expect(fileLines(['passed', stopped, timedOut])).toBe('– embedded 8.0   suites/auth/token-exchange.test.ts (1 passed, 2 not run)\n');
  });

  it("counts a check vitest's cancellation skipped, with its own note, as not run", () => {
    const cancelled = { state: 'skipped', note: vitestCancelNote } as const;
    expect(fileLines(['passed', cancelled])).toBe('– embedded 8.0   suites/auth/token-exchange.test.ts (1 passed, 1 not run)\n');
  });
});
