/**
 * Marks the Allure results of checks that needed a retried request
 * (src/http/client.ts) as flaky (`statusDetails.flaky`): Allure shows them
 * with its flaky mark and counts them apart, so a pass that took a second
 * attempt is never a plain pass. allure-js-commons has no runtime call for
 * the flag, so the raw results are amended after the run, matched by the
 * check id label and the target parameter that check() writes.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import type { CheckResult } from '../runner/results.ts';

interface AllureResultFile {
  labels?: { name: string; value: string }[];
  parameters?: { name: string; value: string }[];
  statusDetails?: Record<string, unknown>;
}

export async function markFlakyResults(resultsDir: string, checks: readonly CheckResult[]): Promise<number> {
  const flaky = new Set(checks.filter((check) => check.retried !== undefined).map((check) => `${check.project}\u0000${check.id}`));
  if (flaky.size === 0) return 0;
  let marked = 0;
  try {
    for (const name of await readdir(resultsDir)) {
      if (!name.endsWith('-result.json')) continue;
      const file = join(resultsDir, name);
      const result = JSON.parse(await readFile(file, 'utf8')) as AllureResultFile;
      const id = result.labels?.find((label) => label.name === 'check')?.value;
      const target = result.parameters?.find((parameter) => parameter.name === 'target')?.value;
      if (id === undefined || target === undefined || !flaky.has(`${target}\u0000${id}`)) continue;
      result.statusDetails = { ...result.statusDetails, flaky: true };
      await writeFile(file, JSON.stringify(result));
      marked += 1;
    }
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${resultsDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return marked;
}
