/**
 * Merging the raw results of several `verify` runs into one set of reports
 * (src/cli/report.ts, and the upgrade rehearsal of two targets,
 * src/cli/rehearsal.ts), written by the same code as a single run's
 * (run-reports.ts). Two kinds of parts make one run:
 * - the shards of one run (`verify --shard i/n`): same target, same
 *   `--only`, same n; a missing shard is named and fails the merge;
 * - whole runs of different targets (a 7.4 instance and an 8.0 staging):
 *   their targets side by side in one summary, one migration report and one
 *   Allure report, and the cross-version contract comparison judged against
 *   the old version's own target (a break counts only where the old
 *   interaction holds there).
 * A part whose folder holds no results (its verify ended before writing
 * them) is named in the summary and fails the merge (exit 1); one that
 * RUN_TIMEOUT_S cut off brings the checks that finished, is named too, and
 * the merge exits with TARGET_TIMEOUT as that verify did.
 */
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { parseEnvInfo, stringifyEnvInfo } from 'allure-js-commons/sdk/reporter';
import { join, resolve } from 'node:path';
import { refuseUnmatchedTerms } from '../check/check-selection.ts';
import { platformContractIds } from '../contracts/sources.ts';
import { UpgradeGuardError } from '../errors.ts';
import { freshReportsDirectory } from '../report/reports-dir.ts';
import type { RunResults } from '../runner/results.ts';
import { isEmbeddedTargetName } from '../run-targets/run-plan.ts';
import { shardLabel } from '../runner/shard.ts';
import { unansweredError, unansweredLines } from '../runner/unanswered.ts';
import { newRunRecord, readRunRecord, runRecordFile, suitesLines, writeRunRecord, type RunRecord } from './run-record.ts';
import { writeRunReports } from './run-reports.ts';

type Part = { readonly dir: string; readonly record: RunRecord };

/** The options that say which part of the run a record holds: the parts of one report agree on each. */
const partOptions: readonly (readonly [string, (record: RunRecord) => string])[] = [
  ['--only', (record) => record.only ?? '(none)'],
  ['--suites', (record) => record.suites?.join(',') ?? '(all)'],
];

/**
 * The parts' records, checked to be parts of one report: the shards of one run, or whole runs (or sharded runs) of
 * different targets side by side, with the same `--only`. Answers the shards that are missing.
 */
function checkParts(records: readonly Part[]): { readonly missing: readonly string[]; readonly missingTargets: readonly string[] } {
  const [first] = records;
  if (!first) return { missing: [], missingTargets: [] };
  const runs = new Map<string, Part[]>();
  for (const part of records) {
    for (const [option, of] of partOptions) {
      if (of(part.record) !== of(first.record)) {
        throw new UpgradeGuardError('CONFIG_INVALID', `${part.dir} cannot be merged with ${first.dir}: its ${option} is ${of(part.record)}, ${first.dir}'s ${of(first.record)}`);
      }
    }
    const key = `${part.record.target}\n${part.record.targets.join(',')}`;
    runs.set(key, [...(runs.get(key) ?? []), part]);
  }
  // The simulator's verdicts beside a real target's would read as that target's coverage.
  const embedded = records.find((part) => part.record.targets.some(isEmbeddedTargetName));
  const real = records.find((part) => part.record.targets.some((name) => !isEmbeddedTargetName(name)));
  if (embedded && real) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${embedded.dir} is a run against the embedded simulator and ${real.dir} one against a real target (${real.record.target}): merge runs against real targets only, or the simulator's only`);
  }
  // Two runs that checked one target would count its checks twice.
  const seen = new Map<string, string>();
  for (const parts of runs.values()) {
    const [one] = parts;
    for (const target of one?.record.targets ?? []) {
      const earlier = seen.get(target);
      if (earlier !== undefined && one) {
        throw new UpgradeGuardError('CONFIG_INVALID', `${one.dir} and ${earlier} both checked ${target}: merge the shards of one run, or runs of different targets (a 7.4 and an 8.0)`);
      }
      if (one) seen.set(target, one.dir);
    }
  }
  const lacking = [...runs.values()].map((parts) => ({ parts, missing: missingShards(parts) }));
  return {
    missing: lacking.flatMap(({ missing }) => missing),
    missingTargets: lacking.flatMap(({ parts, missing }) => (missing.length > 0 ? (parts[0]?.record.targets ?? []) : [])),
  };
}

/** The parts of one target's run: one whole run, or its shards, each once. */
function missingShards(parts: readonly Part[]): string[] {
  const [first] = parts;
  if (!first) return [];
  for (const { dir, record } of parts) {
    if ((record.shard?.count ?? 0) !== (first.record.shard?.count ?? 0)) {
      throw new UpgradeGuardError(
        'CONFIG_INVALID',
        `${dir} is not a part of the same run as ${first.dir}: it is shard ${record.shard ? shardLabel(record.shard) : '(a whole run)'}, ${first.dir} ${first.record.shard ? shardLabel(first.record.shard) : '(a whole run)'}`,
      );
    }
  }
  const count = first.record.shard?.count;
  if (count === undefined) {
    if (parts.length > 1) throw new UpgradeGuardError('CONFIG_INVALID', `${parts[1]?.dir} and ${first.dir} are whole runs of the same target, not shards of one run`);
    return [];
  }
  const seen = new Map<number, string>();
  for (const { dir, record } of parts) {
    const index = record.shard?.index ?? 0;
    const earlier = seen.get(index);
    if (earlier !== undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${dir} and ${earlier} are both shard ${index}/${count}`);
    seen.set(index, dir);
  }
  const missing: string[] = [];
  for (let index = 1; index <= count; index += 1) if (!seen.has(index)) missing.push(`${index}/${count}`);
  return missing;
}

/** Allure's environment widget: one file per results folder, which a plain copy would let the last part win. */
const environmentFile = 'environment.properties';

/**
 * Copies every part's raw Allure results into one folder (their file names are unique per result), and writes one
 * environment for all: a value the parts share as it is, one they differ in with each part's (`base_url` of a 7.4
 * and an 8.0 target side by side).
 */
async function mergeAllureResults(parts: readonly { readonly dir: string; readonly label: string }[], into: string): Promise<void> {
  await freshReportsDirectory(into);
  const environments: { readonly label: string; readonly values: Record<string, string | undefined> }[] = [];
  for (const { dir, label } of parts) {
    const from = join(dir, 'allure-results');
    let names: string[];
    try {
      names = await readdir(from);
    } catch {
      throw new UpgradeGuardError('CONFIG_INVALID', `${dir} holds no allure-results folder`);
    }
    try {
      for (const name of names.filter((candidate) => candidate !== environmentFile)) await copyFile(join(from, name), join(into, name));
      if (names.includes(environmentFile)) environments.push({ label, values: parseEnvInfo(await readFile(join(from, environmentFile), 'utf8')) });
    } catch (error) {
      throw new UpgradeGuardError('REPORT_FAILED', `${into}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (environments.length === 0) return;
  const keys = [...new Set(environments.flatMap(({ values }) => Object.keys(values)))];
  const merged = Object.fromEntries(
    keys.map((key) => {
      const distinct = new Set(environments.map(({ values }) => values[key]));
      const value = distinct.size === 1 ? (environments[0]?.values[key] ?? '') : environments.map(({ label, values }) => (values[key] === label ? label : `${label}: ${values[key] ?? '(none)'}`)).join(' | ');
      return [key, value];
    }),
  );
  try {
    await writeFile(join(into, environmentFile), stringifyEnvInfo(merged));
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${into}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface MergeOptions {
  /** The REPORTS_DIR folders of the runs (or shards) to merge. */
  readonly dirs: readonly string[];
  readonly out: string;
  readonly html: boolean;
  readonly history?: string;
  /** HISTORY_LIMIT: the runs the Allure history keeps. */
  readonly historyLimit?: number;
  /** OPENAPI_DIR: what the vendor's documents name to use instead (run-reports.ts). */
  readonly openapiDir?: string;
  readonly print: (line: string) => void;
}

/** Merges the runs' raw results into one set of reports in `out`; the exit code as verify's. */
export async function mergeRuns(args: MergeOptions): Promise<number> {
  const out = resolve(args.out);
  if (args.dirs.some((dir) => resolve(dir) === out)) throw new UpgradeGuardError('CONFIG_INVALID', `--out ${args.out} is one of the shards' folders; name another`);
  const read = await Promise.all(args.dirs.map(async (dir) => ({ dir, record: await readRunRecord(dir) })));
  const records = read.flatMap(({ dir, record }) => (record ? [{ dir, record }] : []));
  // Folders whose verify ended before writing its results (a refused login, an unreachable target): the merge reports
  // the others, and says which. A merge of nothing but those is no merge at all.
  const unfinished = read.filter(({ record }) => !record).map(({ dir }) => dir);
  const [first] = records;
  if (!first) {
    throw new UpgradeGuardError(
      'CONFIG_INVALID',
      `nothing to merge: ${args.dirs.join(', ')} ${args.dirs.length === 1 ? 'holds' : 'hold'} no ${runRecordFile} (a verify that ended before writing its results, see its log; or not the REPORTS_DIR of a verify run)`,
    );
  }
  const { missing, missingTargets } = checkParts(records);
  const cutOff = records.filter(({ record }) => record.cutOff !== undefined);
  const results: RunResults = {
    checks: records.flatMap(({ record }) => record.results.checks),
    errors: records.flatMap(({ record }) => record.results.errors),
    // Each part names its own: the same file may not have started in two of them.
    ...(records.some(({ record }) => record.results.notStarted) && { notStarted: records.flatMap(({ record }) => (record.results.notStarted ?? []).map((file) => `${file} (${partName(record)})`)) }),
  };
  const only = first.record.only;
  // A term of --only that no part matched is a typo, as in a single run; a merge that is not whole (a part cut off,
  // stopped, missing or unfinished) cannot tell, and says it is incomplete instead.
  const whole = missing.length === 0 && unfinished.length === 0 && cutOff.length === 0 && records.every(({ record }) => !record.interrupted && !record.incomplete?.length);
  if (only !== undefined && whole) refuseUnmatchedTerms(only, results.checks, 'in the merged runs', await platformContractIds());
  // Judged against the old contracts' own verdicts on a target of the old version (another run of the rehearsal) when
  // the reports are written (run-reports.ts `judgedAgainstFromSide`), as a single run's are.
  const contractBreaks = records.find(({ record }) => record.contractBreaks !== undefined)?.record.contractBreaks;
  await mergeAllureResults(records.map(({ dir, record }) => ({ dir, label: record.targets.join(', ') })), join(args.out, 'allure-results'));
  // What this merge lacks, and what a merged folder given again lacked: the merged record keeps it, so merging a merge
  // is never whole by accident.
  const incomplete = [
    ...records.flatMap(({ record }) => record.incomplete ?? []),
    ...(missing.length > 0 ? [`shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} missing`] : []),
    ...unfinished.map((dir) => `${dir} holds no ${runRecordFile}: its verify ended before writing its results (see its log)`),
    // Ctrl-C or SIGTERM stopped a part: its checks that finished are merged, and the merge is not whole.
    ...records.flatMap(({ record }) => (record.interrupted ? [`${partName(record)} was stopped by ${record.interrupted.signal} (INTERRUPTED); only its checks that finished`] : [])),
  ];
  const target = mergedTarget(records.map(({ record }) => record));
  // Every RUN_TIMEOUT_S that cut a part off; the record keeps the longest.
  const mergedCutOff = cutOff.length > 0 ? { runTimeoutSeconds: Math.max(...cutOff.map(({ record }) => record.cutOff?.runTimeoutSeconds ?? 0)) } : undefined;
  await writeRunRecord(
    args.out,
    newRunRecord({
      target,
      targets: [...new Set(records.flatMap(({ record }) => record.targets))],
      ...(only !== undefined && { only }),
      ...(first.record.suites && { suites: first.record.suites }),
      results,
      ...(contractBreaks && { contractBreaks }),
      ...(mergedCutOff && { cutOff: mergedCutOff }),
      ...(incomplete.length > 0 && { incomplete }),
    }),
  );
  const subset = [
    ...suitesLines(first.record.suites),
    ...(only !== undefined ? [`only the checks matching --only ${only}`] : []),
    ...cutOff.map(({ record }) => `INCOMPLETE: ${partName(record)} ran out of time (RUN_TIMEOUT_S=${record.cutOff?.runTimeoutSeconds} s); only its checks that finished`),
    ...incomplete.map((line) => `INCOMPLETE: ${line}`),
    ...unansweredLines(results.checks),
  ];
  // The targets the merge lacks checks of: a folder without results could be any target's.
  const cutTargets = unfinished.length > 0 ? undefined : [...missingTargets, ...records.filter(({ record }) => record.cutOff || record.interrupted || record.incomplete?.length).flatMap(({ record }) => record.targets)];
  const clean = await writeRunReports({
    reportsDir: args.out,
    target,
    results,
    subset,
    ...(cutTargets && { cutTargets }),
    ...(contractBreaks && { contractBreaks }),
    html: args.html,
    // The merged run is the night's one run in the trend (the shards render no report of their own).
    ...(args.history !== undefined && { historyDir: args.history }),
    ...(args.historyLimit !== undefined && { historyLimit: args.historyLimit }),
    ...(args.openapiDir !== undefined && { openapiDir: args.openapiDir }),
    print: args.print,
  });
  if (cutOff.length > 0) {
    const parts = cutOff.map(({ record }) => `${partName(record)} (RUN_TIMEOUT_S=${record.cutOff?.runTimeoutSeconds} s)`).join(', ');
    throw new UpgradeGuardError('TARGET_TIMEOUT', `${parts} did not finish in time; the merged reports hold the checks that finished (${args.out})`);
  }
  // A part whose target stopped answering: the merge ends as that verify did.
  const stoppedAnswering = unansweredError(results.checks, args.out);
  if (stoppedAnswering) throw stoppedAnswering;
  return clean && incomplete.length === 0 ? 0 : 1;
}

/** What the merged run checked: the shards' one target, or each whole run's. */
function mergedTarget(records: readonly RunRecord[]): string {
  return [...new Set(records.map((record) => record.target))].join('; and ');
}

/** How the summary names a part of the run: its shard, or the run when it was a whole one. */
function partName(record: RunRecord): string {
  return record.shard ? `shard ${shardLabel(record.shard)}` : `the run of ${record.targets.join(', ')}`;
}

