/**
 * HISTORY_LIMIT bounds the Allure history: each render adds this run to HISTORY_DIR/history.jsonl, and Allure drops
 * the oldest past the limit (src/report/allure-html.ts, allurerc.mjs). Three renders with a limit of two keep two
 * runs, the last two; with no limit given, the default (docs/reports.md) applies.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyLimitBounds, historyLimitFromEnvironment } from '../../src/config/history-limit.ts';
import { historyFile, renderAllureReport } from '../../src/report/allure-html.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';

const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** One passed result in the Allure results format, as allure-vitest writes it. */
async function resultsOfOneCheck(dir: string, run: number): Promise<string> {
  const results = join(dir, `results-${run}`);
  await mkdir(results, { recursive: true });
  const result = { uuid: `00000000-0000-4000-8000-00000000000${run}`, historyId: 'auth.state-echo', name: 'the state is echoed [auth.state-echo] · embedded 8.0', fullName: 'auth.state-echo', status: 'passed', stage: 'finished', start: run, stop: run + 1, labels: [], steps: [], attachments: [], parameters: [], links: [] };
  await writeFile(join(results, `${result.uuid}-result.json`), JSON.stringify(result));
  return results;
}

async function historyRuns(historyDir: string): Promise<string[]> {
  return (await readFile(historyFile(historyDir), 'utf8')).trim().split('\n');
}

describe('the Allure history is bounded by HISTORY_LIMIT', () => {
  it(
    'three renders with HISTORY_LIMIT=2 keep two runs, the last two',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'ug-history-bound-'));
      dirs.push(dir);
      const history = join(dir, 'history');
      const kept: string[][] = [];
      for (const run of [1, 2, 3]) {
        await renderAllureReport(await resultsOfOneCheck(dir, run), join(dir, `report-${run}`), 'upgrade-guard', history, 2);
        kept.push(await historyRuns(history));
      }
      expect(kept.map((runs) => runs.length)).toEqual([1, 2, 2]);
      // The oldest went: the third history holds the second run's line and a new one.
      expect(kept[2]?.[0]).toBe(kept[1]?.[1]);
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it('HISTORY_LIMIT is read with its default and its bounds', () => {
    expect(historyLimitFromEnvironment({})).toBe(historyLimitBounds.default);
    expect(historyLimitFromEnvironment({ HISTORY_LIMIT: '7' })).toBe(7);
    for (const bad of ['0', '1001', 'ten', '-3', '2.5']) expect(() => historyLimitFromEnvironment({ HISTORY_LIMIT: bad }), bad).toThrowError(/HISTORY_LIMIT must be/);
  });
});
