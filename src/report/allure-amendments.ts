/**
 * What the raw Allure results cannot say by themselves, amended after the run
 * (allure-js-commons has no runtime call for either):
 * - a check that needed a retried request (src/http/client.ts) is flaky
 *   (`statusDetails.flaky`): Allure shows it with its flaky mark and counts
 *   it apart, so a pass that took a second attempt is never a plain pass;
 * - a check vitest never ran (the run was cut off or stopped while its file
 *   was still being collected) has a result with no status, which Allure
 *   shows as unknown and unexplained: it is skipped, with the reason every
 *   other report gives (src/runner/results.ts).
 * Results are matched to checks by the check id label and the target
 * parameter that check() writes, or, for a check that never ran and so wrote
 * neither, by its name and its target's describe block.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { neverRanNote, UpgradeGuardError } from '../errors.ts';
import type { CheckResult } from '../runner/results.ts';

interface AllureResultFile {
  name?: string;
  titlePath?: string[];
  status?: string;
  stage?: string;
  labels?: { name: string; value: string }[];
  parameters?: { name: string; value: string }[];
  statusDetails?: Record<string, unknown>;
}

const key = (target: string, id: string): string => `${target}\u0000${id}`;

export async function markFlakyResults(resultsDir: string, checks: readonly CheckResult[]): Promise<number> {
  const flaky = new Set(checks.filter((check) => check.retried !== undefined).map((check) => key(check.project, check.id)));
  if (flaky.size === 0) return 0;
  return amendResults(resultsDir, (result) => {
    const id = result.labels?.find((label) => label.name === 'check')?.value;
    const target = result.parameters?.find((parameter) => parameter.name === 'target')?.value;
    if (id === undefined || target === undefined || !flaky.has(key(target, id))) return false;
    result.statusDetails = { ...result.statusDetails, flaky: true };
    return true;
  });
}

/** `checks`: the run's results with their final notes (what ended the run). */
export async function markNeverRanResults(resultsDir: string, checks: readonly CheckResult[]): Promise<number> {
  return amendResults(resultsDir, (result) => {
    if (result.status !== undefined) return false;
    const check = checks.find((candidate) => candidate.name === result.name && (result.titlePath ?? []).includes(candidate.project));
    result.status = 'skipped';
    result.stage = 'finished';
    result.statusDetails = { ...result.statusDetails, message: check?.note ?? neverRanNote };
    return true;
  });
}

/** Rewrites each result `amend` changed; how many. A run that wrote no results folder has none to amend. */
async function amendResults(resultsDir: string, amend: (result: AllureResultFile) => boolean): Promise<number> {
  let amended = 0;
  try {
    const names = await readdir(resultsDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    for (const name of names) {
      if (!name.endsWith('-result.json')) continue;
      const file = join(resultsDir, name);
      const result = JSON.parse(await readFile(file, 'utf8')) as AllureResultFile;
      if (!amend(result)) continue;
      await writeFile(file, JSON.stringify(result));
      amended += 1;
    }
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${resultsDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return amended;
}
