/**
 * What the raw Allure results cannot say by themselves, amended after the run
 * (allure-js-commons has no runtime call for either):
 * - a check that needed a retried request (src/http/client.ts) is flaky
 *   (`statusDetails.flaky`): Allure shows it with its flaky mark and counts
 *   it apart, so a pass that took a second attempt is never a plain pass;
 * - a check the run's end kept from running (RUN_TIMEOUT_S, a signal) is
 *   skipped without a reason when vitest cancelled it, and has no status at
 *   all when vitest never started it, which Allure shows as unknown: it is
 *   skipped, with the reason every other report gives (src/runner/results.ts);
 * - a pass the run's results overruled (src/report/unproven-absences.ts) is
 *   skipped, with its reason.
 * Results are matched to checks by the check id label and the target
 * parameter that check() writes, or, for a check that never ran and so wrote
 * neither, by the id in its name and its target's describe block.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { neverRanNote, UpgradeGuardError } from '../errors.ts';
import { isFlaky, type CheckResult } from '../runner/results.ts';
import { checkIdPattern } from '../check/check-id.ts';
import { moduleLabel, type CheckLabels } from '../check/annotate.ts';

interface AllureResultFile {
  name?: string;
  titlePath?: string[];
  status?: string;
  stage?: string;
  description?: string;
  labels?: { name: string; value: string }[];
  parameters?: { name: string; value: string }[];
  statusDetails?: Record<string, unknown>;
}

const key = (target: string, id: string): string => `${target}\u0000${id}`;
const labelOf = (result: AllureResultFile, name: string): string | undefined => result.labels?.find((label) => label.name === name)?.value;
const parameterOf = (result: AllureResultFile, name: string): string | undefined => result.parameters?.find((parameter) => parameter.name === name)?.value;

export async function markFlakyResults(resultsDir: string, checks: readonly CheckResult[]): Promise<number> {
  const flaky = new Set(checks.filter(isFlaky).map((check) => key(check.project, check.id)));
  if (flaky.size === 0) return 0;
  return amendResults(resultsDir, (result) => {
    const id = labelOf(result, 'check');
    const target = parameterOf(result, 'target');
    if (id === undefined || target === undefined || !flaky.has(key(target, id))) return false;
    result.statusDetails = { ...result.statusDetails, flaky: true };
    return true;
  });
}

/**
 * `checks`: the run's results with their final notes (what ended the run). A check vitest cancelled mid-run is skipped
 * in Allure without a reason, and one it never ran has no status: each gets its reason as skipWithReason writes one
 * (src/check/skip.ts), the description and the status message.
 */
export async function markNotRunResults(resultsDir: string, checks: readonly CheckResult[]): Promise<number> {
  const skipped = new Map(checks.flatMap((check) => (check.note === undefined ? [] : [[key(check.project, check.id), check] as const])));
  return amendResults(resultsDir, (result) => {
    if (result.status !== undefined && (result.status !== 'skipped' || result.description !== undefined)) return false;
    const labelled = labelOf(result, 'check');
    const id = labelled ?? checkIdPattern.exec((result.name ?? '').replace(/ · [^[\]]*$/, ''))?.[1];
    // The target: the parameter check() writes, or for a check that never ran, the describe block it was registered in.
    const target = parameterOf(result, 'target') ?? result.titlePath?.at(-1);
    const check = id !== undefined && target !== undefined ? skipped.get(key(target, id)) : undefined;
    // A skip of its own that the run's results do not know of is left as it is; a result without a status never is.
    if (result.status !== undefined && check === undefined) return false;
    const note = check?.note ?? neverRanNote;
    // Never started, so check() wrote none of its labels: filed where the check files itself (src/check/check.ts).
    if (labelled === undefined && check?.labels !== undefined) fileAsCheck(result, check, check.labels);
    result.stage = 'finished';
    skipWithNote(result, note);
    return true;
  });
}

/**
 * `overruled`: the passes the run's results overruled (unproven-absences.ts: a 404 that proves nothing on a target that
 * served none of its endpoints), each with its note: skipped in Allure too, with the reason the other reports give.
 */
export async function markOverruledResults(resultsDir: string, overruled: readonly CheckResult[]): Promise<number> {
  const notes = new Map(overruled.flatMap((check) => (check.note === undefined ? [] : [[key(check.project, check.id), check.note] as const])));
  if (notes.size === 0) return 0;
  return amendResults(resultsDir, (result) => {
    const id = labelOf(result, 'check');
    const target = parameterOf(result, 'target');
    const note = id !== undefined && target !== undefined ? notes.get(key(target, id)) : undefined;
    if (result.status !== 'passed' || note === undefined) return false;
    skipWithNote(result, note);
    return true;
  });
}

/** Skipped with its reason, as skipWithReason writes one (src/check/skip.ts): the description and the status message. */
function skipWithNote(result: AllureResultFile, note: string): void {
  result.status = 'skipped';
  result.description = `Skipped: ${note}`;
  result.statusDetails = { ...result.statusDetails, message: note };
}

function fileAsCheck(result: AllureResultFile, check: CheckResult, labels: CheckLabels): void {
  result.name = `${check.name} · ${check.project}`;
  const filed = [
    { name: 'epic', value: moduleLabel(labels.module) },
    { name: 'feature', value: labels.feature },
    { name: 'story', value: labels.story },
    { name: 'spec', value: labels.spec },
    { name: 'check', value: check.id },
  ];
  result.labels = [...(result.labels ?? []), ...filed];
  result.parameters = [...(result.parameters ?? []), ...(check.version === undefined ? [] : [{ name: 'version', value: check.version }]), { name: 'target', value: check.project }];
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
