/**
 * The Allure history, as a nightly job would use it: two `npm run verify` runs
 * that keep the Allure history in one folder, the first through HISTORY_DIR,
 * the second through `--history DIR`. The second report carries the first
 * run's results as history.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { runScript, type CommandOutcome } from '../support/package-script.ts';
import { allureTestResults } from './_allure-report-data.ts';

const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** `npm run verify -- …args` (the HTML report rendered: the history is written with it), with only `variables` of ours set. */
function verify(args: readonly string[], variables: Record<string, string>): Promise<CommandOutcome> {
  return runScript('verify', args, variables, HANG_TIMEOUT_MS);
}

/** Per result of the rendered report: its name and how many earlier runs its history holds. */
async function historyLengths(reportDir: string): Promise<Map<string, number>> {
  const lengths = new Map<string, number>();
  for (const data of await allureTestResults<{ name: string; history: unknown[] }>(reportDir)) lengths.set(data.name, data.history.length);
  return lengths;
}

describe('the Allure history between runs', () => {
  it(
    'HISTORY_DIR, then --history DIR: the second report shows the first run as history',
    async () => {
      const work = await mkdtemp(join(tmpdir(), 'upgrade-guard-history-'));
      dirs.push(work);
      const history = join(work, 'history');
      const args = ['--version', '8.0', '--suites', 'auth'];
      const first = await verify(args, { REPORTS_DIR: join(work, 'first'), HISTORY_DIR: history });
      expect(first.code, first.stdout).toBe(0);
      expect(Math.max(...(await historyLengths(join(work, 'first', 'allure-report'))).values())).toBe(0);

      const second = await verify([...args, '--history', history], { REPORTS_DIR: join(work, 'second') });
      expect(second.code, second.stdout).toBe(0);
      expect((await readFile(join(history, 'history.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(2);
      const lengths = await historyLengths(join(work, 'second', 'allure-report'));
      expect(lengths.size).toBeGreaterThan(0);
      // Every check found itself in the first run: the history id holds still across runs (what was observed is excluded from it).
      expect([...lengths].filter(([, length]) => length !== 1).map(([name]) => name)).toEqual([]);
    },
    // Two runs one after the other: the bound only catches a hang (test/support/hang-timeout.ts).
    HANG_TIMEOUT_MS + HANG_TEST_TIMEOUT_MS,
  );
});
