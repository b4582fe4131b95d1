/**
 * The reports of a verify run cut short, by RUN_TIMEOUT_S (exit 4) or by Ctrl-C / SIGTERM (130 / 143): what finished
 * is reported and kept in the run record (a cut-short shard's checks go into the merged report, marked incomplete),
 * every check that did not run is skipped with the reason, one broken result heads the Allure report, and the run ends
 * with one line saying so (docs/command-line.md, "Stopping a run").
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunInterrupted, UpgradeGuardError, cutOffNote, interruptedNote, neverRanNote, vitestCancelNote, type StopSignal } from '../errors.ts';
import { markNotRunResults } from '../report/allure-amendments.ts';
import { writeCutShortResult } from '../report/allure-cut-short.ts';
import type { RunResults } from '../runner/results.ts';
import { newRunRecord, writeRunRecord, type RunRecord } from './run-record.ts';
import { suiteFilesNotStarted, writeRunReports, type RunReportsInput } from './run-reports.ts';

/** What cut the run short: its deadline (during the targets' setup, or after), or a signal. */
export type CutShort = { readonly seconds: number; readonly inSetup: boolean } | { readonly signal: StopSignal };

/** The run's part of a merged report, and where its reports go (the history, the vendor's documents). */
export interface CutShortRun {
  readonly part: Pick<RunRecord, 'target' | 'targets' | 'shard' | 'only' | 'suites'>;
  readonly contractBreaks: RunRecord['contractBreaks'];
  readonly reports: Omit<RunReportsInput, 'target' | 'results' | 'subset' | 'contractBreaks' | 'print'>;
  /** Lines under the summary's first one: the run was a subset (`--only`, one shard). */
  readonly subset: readonly string[];
}

/** Writes the reports of what finished, then throws the run's one line: TARGET_TIMEOUT, or RunInterrupted. */
export async function reportCutShort(cut: CutShort, run: CutShortRun, stopped: RunResults): Promise<never> {
  const { reportsDir } = run.reports;
  const interrupted = 'signal' in cut;
  const during = !interrupted && cut.inSetup ? ' while the targets started and logged in, before any suite file started' : '';
  const heading = interrupted ? 'INTERRUPTED' : 'INCOMPLETE';
  const reason = interrupted ? `the run was stopped by ${cut.signal}` : `the run's time ran out (RUN_TIMEOUT_S=${cut.seconds} s)${during}`;
  const note = interrupted ? interruptedNote(cut.signal) : cutOffNote(cut.seconds);
  const results = withCutOffNotes(stopped, note);
  // The checks that ran to their end: not those whose reason is what stopped the run (one cut off names what it had sent).
  const finished = results.checks.filter((check) => !(check.note ?? '').startsWith(note)).length;
  const notStarted = results.notStarted ? `; ${suiteFilesNotStarted(results.notStarted.length)}` : '';
  const recorded = interrupted ? { interrupted: { signal: cut.signal } } : { cutOff: { runTimeoutSeconds: cut.seconds } };
  await writeRunRecord(reportsDir, newRunRecord({ ...run.part, results, ...(run.contractBreaks && { contractBreaks: run.contractBreaks }), ...recorded }));
  const resultsDir = join(reportsDir, 'allure-results');
  await markNotRunResults(resultsDir, results.checks);
  await writeCutShortResult(resultsDir, heading, `${heading}: ${reason}; only the ${checks(finished)} that finished are in this report${notStarted}`, run.part.targets);
  // A stopped run's console gets one line, its summary goes to its file; a run out of time prints its summary.
  const summary: string[] = [];
  await writeRunReports({
    ...run.reports,
    target: run.part.target,
    results,
    // The summary and the migration report say so under their first line: never read as a whole run.
    subset: [...run.subset, `${heading}: ${reason}; only the ${interrupted ? checks(finished) : 'checks'} that finished`],
    ...(run.contractBreaks && { contractBreaks: run.contractBreaks }),
    print: interrupted ? (line) => void summary.push(line) : (line) => void process.stdout.write(`${line}\n`),
  });
  if (interrupted) {
    await writeSummaryFile(reportsDir, summary);
    throw new RunInterrupted(cut.signal, `reports of the ${checks(finished)} that finished are in ${reportsDir}`);
  }
  throw new UpgradeGuardError('TARGET_TIMEOUT', `the run did not finish within RUN_TIMEOUT_S=${cut.seconds} s${during}; ${checks(finished)} finished and are in the reports (${reportsDir})${notStarted}`);
}

function checks(count: number): string {
  return count === 1 ? '1 check' : `${count} checks`;
}

/** vitest's cancel skips what had not finished with a note of its own (errors.ts `vitestCancelNote`); say what happened. */
function withCutOffNotes(results: RunResults, note: string): RunResults {
  return { ...results, checks: results.checks.map((check) => (check.note === vitestCancelNote || check.note === neverRanNote ? { ...check, note } : check)) };
}

async function writeSummaryFile(reportsDir: string, lines: readonly string[]): Promise<void> {
  const file = join(reportsDir, 'summary.txt');
  try {
    await writeFile(file, `${lines.join('\n').trimStart()}\n`);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
