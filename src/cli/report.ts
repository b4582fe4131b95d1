/**
 * `npm run report -- [--out DIR] [--no-html] [--history DIR] DIR…`: merges the raw results
 * of `verify --shard i/n` runs (each DIR a shard's REPORTS_DIR, holding
 * run-results.json and allure-results/) into one set of reports in the out
 * folder (default `reports`): one Allure report, one summary, one migration
 * report and one contract-break report, written by the same code as a single
 * run's (src/cli/run-reports.ts). Shards of different runs (another target,
 * another `--only`, another n) are refused. A shard that is missing, or whose
 * folder holds no results (its verify ended before writing them), is named in
 * the summary and fails the merge (exit 1); one that RUN_TIMEOUT_S cut off
 * brings the checks that finished, is named too, and the merge exits with
 * TARGET_TIMEOUT as that verify did. The other shards' results are always
 * merged and reported. Exit codes as verify's.
 */
import { historyLimitFromEnvironment } from '../config/history-limit.ts';
import { copyFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UpgradeGuardError } from '../errors.ts';
import { freshReportsDirectory } from '../report/reports-dir.ts';
import type { RunResults } from '../runner/results.ts';
import { shardLabel } from '../runner/shard.ts';
import { parseArgsMessage } from './parse-args-message.ts';
import { commandArguments, runCli } from './run-cli.ts';
import { usageLine } from './usage.ts';
import { newRunRecord, readRunRecord, runRecordFile, writeRunRecord, type RunRecord } from './run-record.ts';
import { writeRunReports } from './run-reports.ts';

const usage = usageLine('report');

interface ReportArgs {
  readonly out: string;
  readonly html: boolean;
  readonly history?: string;
  readonly dirs: readonly string[];
}

function parseReportArgs(argv: string[]): ReportArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { out: { type: 'string', default: 'reports' }, 'no-html': { type: 'boolean', default: false }, history: { type: 'string' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${parseArgsMessage(error)}; ${usage}`);
  }
  if (parsed.positionals.length === 0) throw new UpgradeGuardError('USAGE', `name the reports folders to merge; ${usage}`);
  return { out: parsed.values.out, html: !parsed.values['no-html'], ...(parsed.values.history !== undefined && { history: parsed.values.history }), dirs: parsed.positionals };
}

/** The shards' records, checked to be parts of one run. */
function checkParts(records: readonly { readonly dir: string; readonly record: RunRecord }[]): { readonly missing: readonly string[] } {
  const [first] = records;
  if (!first) return { missing: [] };
  for (const { dir, record } of records) {
    const differs =
      record.target !== first.record.target ? `it checked ${record.target}, ${first.dir} ${first.record.target}` :
      record.only !== first.record.only ? `its --only is ${record.only ?? '(none)'}, ${first.dir}'s ${first.record.only ?? '(none)'}` :
      record.targets.join(',') !== first.record.targets.join(',') ? `its targets are ${record.targets.join(', ')}, ${first.dir}'s ${first.record.targets.join(', ')}` :
      (record.shard?.count ?? 0) !== (first.record.shard?.count ?? 0) ? `it is shard ${record.shard ? shardLabel(record.shard) : '(a whole run)'}, ${first.dir} ${first.record.shard ? shardLabel(first.record.shard) : '(a whole run)'}` :
      undefined;
    if (differs) throw new UpgradeGuardError('CONFIG_INVALID', `${dir} is not a part of the same run as ${first.dir}: ${differs}`);
  }
  const count = first.record.shard?.count;
  if (count === undefined) {
    if (records.length > 1) throw new UpgradeGuardError('CONFIG_INVALID', `${records[1]?.dir} and ${first.dir} are whole runs, not shards of one run`);
    return { missing: [] };
  }
  const seen = new Map<number, string>();
  for (const { dir, record } of records) {
    const index = record.shard?.index ?? 0;
    const earlier = seen.get(index);
    if (earlier !== undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${dir} and ${earlier} are both shard ${index}/${count}`);
    seen.set(index, dir);
  }
  const missing: string[] = [];
  for (let index = 1; index <= count; index += 1) if (!seen.has(index)) missing.push(`${index}/${count}`);
  return { missing };
}

/** Copies every shard's raw Allure results into one folder (their file names are unique per result). */
async function mergeAllureResults(dirs: readonly string[], into: string): Promise<void> {
  await freshReportsDirectory(into);
  for (const dir of dirs) {
    const from = join(dir, 'allure-results');
    let names: string[];
    try {
      names = await readdir(from);
    } catch {
      throw new UpgradeGuardError('CONFIG_INVALID', `${dir} holds no allure-results folder`);
    }
    try {
      for (const name of names) await copyFile(join(from, name), join(into, name));
    } catch (error) {
      throw new UpgradeGuardError('REPORT_FAILED', `${into}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function report(): Promise<number> {
  const args = parseReportArgs(commandArguments());
  // A bad HISTORY_LIMIT is said before anything is merged.
  const historyLimit = historyLimitFromEnvironment();
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
  const { missing } = checkParts(records);
  const cutOff = records.filter(({ record }) => record.cutOff !== undefined);
  const results: RunResults = {
    checks: records.flatMap(({ record }) => record.results.checks),
    errors: records.flatMap(({ record }) => record.results.errors),
  };
  const only = first.record.only;
  // An --only that no shard matched is a typo, as in a single run.
  if (only !== undefined && results.checks.length === 0) throw new UpgradeGuardError('CONFIG_INVALID', `--only "${only}" matched no check in any shard`);
  const contractBreaks = records.find(({ record }) => record.contractBreaks !== undefined)?.record.contractBreaks;
  await mergeAllureResults(records.map(({ dir }) => dir), join(args.out, 'allure-results'));
  // What this merge lacks, and what a merged folder given again lacked: the merged record keeps it, so merging a merge
  // is never whole by accident.
  const incomplete = [
    ...records.flatMap(({ record }) => record.incomplete ?? []),
    ...(missing.length > 0 ? [`shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} missing`] : []),
    ...unfinished.map((dir) => `${dir} holds no ${runRecordFile}: its verify ended before writing its results (see its log)`),
    // Ctrl-C or SIGTERM stopped a part: its checks that finished are merged, and the merge is not whole.
    ...records.flatMap(({ record }) => (record.interrupted ? [`${partName(record)} was stopped by ${record.interrupted.signal} (INTERRUPTED); only its checks that finished`] : [])),
  ];
  // Every RUN_TIMEOUT_S that cut a part off; the record keeps the longest.
  const mergedCutOff = cutOff.length > 0 ? { runTimeoutSeconds: Math.max(...cutOff.map(({ record }) => record.cutOff?.runTimeoutSeconds ?? 0)) } : undefined;
  await writeRunRecord(
    args.out,
    newRunRecord({
      target: first.record.target,
      targets: first.record.targets,
      ...(only !== undefined && { only }),
      results,
      ...(contractBreaks && { contractBreaks }),
      ...(mergedCutOff && { cutOff: mergedCutOff }),
      ...(incomplete.length > 0 && { incomplete }),
    }),
  );
  const subset = [
    ...(only !== undefined ? [`only the checks matching --only ${only}`] : []),
    ...cutOff.map(({ record }) => `INCOMPLETE: ${partName(record)} ran out of time (RUN_TIMEOUT_S=${record.cutOff?.runTimeoutSeconds} s); only its checks that finished`),
    ...incomplete.map((line) => `INCOMPLETE: ${line}`),
  ];
  const clean = await writeRunReports({
    reportsDir: args.out,
    target: first.record.target,
    results,
    subset,
    ...(contractBreaks && { contractBreaks }),
    html: args.html,
    // The merged run is the night's one run in the trend (the shards render no report of their own).
    ...(args.history !== undefined && { historyDir: args.history }),
    historyLimit,
    print: (line) => process.stdout.write(`${line}\n`),
  });
  if (cutOff.length > 0) {
    const parts = cutOff.map(({ record }) => `${partName(record)} (RUN_TIMEOUT_S=${record.cutOff?.runTimeoutSeconds} s)`).join(', ');
    throw new UpgradeGuardError('TARGET_TIMEOUT', `${parts} did not finish in time; the merged reports hold the checks that finished (${args.out})`);
  }
  return clean && incomplete.length === 0 ? 0 : 1;
}

/** How the summary names a part of the run: its shard, or the run when it was a whole one. */
function partName(record: RunRecord): string {
  return record.shard ? `shard ${shardLabel(record.shard)}` : 'the run';
}

await runCli(report);
