/**
 * A run cut short (RUN_TIMEOUT_S, Ctrl-C or SIGTERM) says so in its Allure report too: one result, broken, named after
 * what stopped it, heads the report's "Our own error" category (allurerc.mjs), so a reader of the report alone sees
 * the run was cut short and that checks are missing from it, never a report that reads as a pass. Written in the
 * Allure results format (allure-js-commons' TestResult).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';

/**
 * `stop`: what the summary's verdict calls it; `name`: the line a reader sees, what stopped the run and what is
 * missing; `targets`: the run's, so the parts of a merge (`npm run report`) cut short each keep their own result.
 */
export async function writeCutShortResult(resultsDir: string, stop: 'INTERRUPTED' | 'INCOMPLETE', name: string, targets: readonly string[], now: number = Date.now()): Promise<void> {
  const uuid = randomUUID();
  // A fixed id per targets: in the history, every run of them cut short the same way is this one result, never a new test.
  const historyId = `upgrade-guard-run-${stop.toLowerCase()}-${targets.join('-').replace(/[^A-Za-z0-9.]+/g, '-')}`;
  const result = {
    uuid,
    historyId,
    testCaseId: historyId,
    name,
    fullName: `upgrade-guard run of ${targets.join(' and ')}: ${stop}`,
    status: 'broken',
    statusDetails: { message: name },
    stage: 'finished',
    start: now,
    stop: now,
    labels: [
      { name: 'epic', value: 'run' },
      { name: 'feature', value: stop },
    ],
    steps: [],
    attachments: [],
    parameters: [],
    links: [],
  };
  try {
    await writeFile(join(resultsDir, `${uuid}-result.json`), `${JSON.stringify(result)}\n`);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${resultsDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
