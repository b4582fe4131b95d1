/**
 * A run that Ctrl-C or SIGTERM stopped says so in its Allure report too: one result, broken, named after the stop,
 * heads the report's "Our own error" category (allurerc.mjs), so a reader of the report alone sees the run was cut
 * short and that checks are missing from it. Written in the Allure results format (allure-js-commons' TestResult).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';

export async function writeInterruptedResult(resultsDir: string, signal: string, finished: number, now: number = Date.now()): Promise<void> {
  const uuid = randomUUID();
  const name = `INTERRUPTED: the run was stopped by ${signal}; only the ${finished} checks that finished are in this report`;
  const result = {
    uuid,
    // A fixed id: in the history, every stopped run is this one result, never a new test.
    historyId: 'upgrade-guard-run-interrupted',
    testCaseId: 'upgrade-guard-run-interrupted',
    name,
    fullName: 'upgrade-guard run: INTERRUPTED',
    status: 'broken',
    statusDetails: { message: name },
    stage: 'finished',
    start: now,
    stop: now,
    labels: [
      { name: 'epic', value: 'run' },
      { name: 'feature', value: 'INTERRUPTED' },
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
