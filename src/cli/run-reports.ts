/**
 * What a finished run writes, from its results alone: the console summary,
 * the contract-break report, the migration report and the Allure HTML. One
 * function for `verify` (its own results) and `npm run report` (the merged
 * results of its shards), so a merged run reads exactly like a single one.
 * The writers are the report folder's and the contracts' own.
 */
import { join } from 'node:path';
import { comparisonDataChanges, contractBreaksReportSection, contractBreaksSummaryLine, writeContractBreaks } from '../contracts/contract-breaks.ts';
import { judgedAgainstFromSide } from '../contracts/cross-version.ts';
import { integrationSection } from '../impact/integration-section.ts';
import { renderAllureReport } from '../report/allure-html.ts';
import { conformanceSection } from '../report/conformance-section.ts';
import { authSection } from '../report/auth-section.ts';
import { dataChangesSection } from '../report/data-changes-section.ts';
import { buildMigrationReport, writeMigrationReport } from '../report/migration-report.ts';
import { loadVendorDocuments } from '../conformance/vendor-documents.ts';
import { vendorReplacements } from '../conformance/vendor-replacements.ts';
import { needsReplacementText } from '../report/use-instead.ts';
import { formatSummary } from '../report/summary.ts';
import { skippedChecksMarkdown } from '../report/skip-reasons.ts';
import { verdictLine } from '../report/verdict.ts';
import { UpgradeGuardError } from '../errors.ts';
import { writeFile } from 'node:fs/promises';
import type { RunResults } from '../runner/results.ts';
import { canonicalOrder, type RunRecord } from './run-record.ts';

export interface RunReportsInput {
  readonly reportsDir: string;
  /** The summary's first line (what was checked). */
  readonly target: string;
  readonly results: RunResults;
  /** Lines under the summary's first one: the run was a subset (`--only`, one shard, missing shards). */
  readonly subset: readonly string[];
  /** In a merge cut short, the targets it lacks checks of (the others' tallies may read ok); absent: every target. */
  readonly cutTargets?: readonly string[];
  readonly contractBreaks?: RunRecord['contractBreaks'];
  readonly html: boolean;
  /** `--history DIR` / HISTORY_DIR: where Allure keeps its history between runs (src/report/allure-html.ts). */
  readonly historyDir?: string;
  /** HISTORY_LIMIT: how many runs that history keeps. */
  readonly historyLimit?: number;
  /** OPENAPI_DIR: the vendor's 8.0 documents add what they name to "Use instead" (src/conformance/vendor-replacements.ts). */
  readonly openapiDir?: string;
  readonly print: (line: string) => void;
}

/** Writes every report; true when the run is clean (no failed check, no error, contract breaks as documented). */
export async function writeRunReports(input: RunReportsInput): Promise<boolean> {
  const results: RunResults = { checks: canonicalOrder(input.results.checks), errors: input.results.errors };
  const subset = [...input.subset, ...notStartedLines(input.results.notStarted ?? [])];
  const breaks = input.contractBreaks;
  // A break counts only where the old contract holds on the old side, which this run's results tell.
  const ran = breaks && 'ran' in breaks ? judgedAgainstFromSide(breaks.ran, results.checks) : undefined;
  // The comparison's data changes are the run's too: listed with the suites' (docs/data-changes.md).
  const comparisonChanges = ran ? comparisonDataChanges(ran) : [];
  input.print(formatSummary(results, input.target, subset, { comparisonChanges, ...(input.cutTargets && { cutTargets: input.cutTargets }) }).replace(/\n$/, ''));
  const sections = [];
  let asDocumented = true;
  if (ran) {
    await writeContractBreaks(ran, input.reportsDir);
    input.print(contractBreaksSummaryLine(ran));
    sections.push(contractBreaksReportSection(ran));
    // A comparison left incomplete only by a target that stopped answering breaks nothing: the run says INCOMPLETE.
    const onlySilence = ran.counts.undocumentedBreaks === 0 && ran.counts.unbrokenDocumentedBreaks === 0 && results.checks.some((check) => check.noAnswer !== undefined);
    asDocumented = ran.exact || onlySilence;
  } else if (breaks && 'failed' in breaks) {
    input.print(breaks.failed);
    asDocumented = false;
  } else if (breaks && 'notRun' in breaks) {
    input.print(breaks.notRun);
  }
  const auth = authSection(results);
  if (auth) sections.push(auth);
  const conformance = conformanceSection(results);
  if (conformance) sections.push(conformance);
  const changes = dataChangesSection(results.checks, comparisonChanges);
  if (changes) sections.push(changes);
  // "Your integration": the team's own calls, when an `npm run impact` left its report in the reports folder.
  const integration = await integrationSection(input.reportsDir);
  if (integration) sections.push(integration);
  const vendor = input.openapiDir === undefined ? undefined : vendorReplacements(loadVendorDocuments(input.openapiDir), needsReplacementText);
  const migration = await writeMigrationReport(input.reportsDir, buildMigrationReport(results, { checked: input.target, sections, scope: subset, ...(vendor && { vendor }) }));
  // Every skipped check with its own reason: the console counts them by reason (src/report/skip-reasons.ts).
  await writeReportFile(join(input.reportsDir, 'skipped-checks.md'), skippedChecksMarkdown(results.checks));
  input.print(`Migration report: ${migration.markdown} (${migration.html})`);
  if (input.html) {
    const index = await renderAllureReport(join(input.reportsDir, 'allure-results'), join(input.reportsDir, 'allure-report'), 'upgrade-guard', input.historyDir, input.historyLimit);
    input.print(`Allure report: ${index}`);
  }
  // The console ends with the verdict.
  input.print(verdictLine({ results, asDocumented, subset }));
  return asDocumented && results.errors.length === 0 && !results.checks.some((check) => check.state === 'failed');
}

/** The suite files the run's end kept from starting: no report knows their checks, so the reports name the files. */
function notStartedLines(files: readonly string[]): string[] {
  if (files.length === 0) return [];
  const more = files.length > 3 ? `, and ${files.length - 3} more (run-results.json, notStarted)` : '';
  return [`${suiteFilesNotStarted(files.length)}, so their checks are in no report: ${files.slice(0, 3).join(', ')}${more}`];
}

/** `3 suite files did not start`, as every report of a run cut short says it. */
export function suiteFilesNotStarted(count: number): string {
  return `${count} suite ${count === 1 ? 'file' : 'files'} did not start`;
}

async function writeReportFile(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
