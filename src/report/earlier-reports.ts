/**
 * The reports an earlier verify left in REPORTS_DIR go when a run starts: a run that then ends before writing its own
 * (a login refused, a target unreachable, Ctrl-C) must leave none that reads as current, and none for `npm run report`
 * to merge as its (src/cli/run-record.ts). What stays: the integration report of `npm run impact` (its own command's
 * output, read into the migration report) and the Allure history, which lives outside (--history DIR).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import { withinTime } from '../files/within-time.ts';

/** What one verify run writes in REPORTS_DIR, besides allure-results (emptied when its suites start). */
export const runReportFiles = [
  'run-results.json',
  'migration-report.md',
  'migration-report.html',
  'migration-report.json',
  'contract-breaks.md',
  'contract-breaks.json',
  'skipped-checks.md',
  'summary.txt',
  'allure-report',
] as const;

export async function removeEarlierReports(reportsDir: string): Promise<void> {
  for (const name of runReportFiles) {
    try {
      await withinTime(rm(join(reportsDir, name), { recursive: true, force: true }), () => new Error('no answer from the file system in time'));
    } catch (error) {
      throw new UpgradeGuardError('REPORT_FAILED', `the reports directory ${reportsDir} (REPORTS_DIR): an earlier run's ${name} could not be removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
