/**
 * The run's data changes in the console summary and the migration report:
 * every request that changed data on a target (method, path, what it
 * changed), which check sent it, and whether it was undone
 * (src/check/data-changes.ts), the cross-version contract comparison's
 * among them. A change left in place is listed by name in the summary too,
 * never only counted.
 */
import type { DataChange, UndoOutcome } from '../check/data-changes.ts';
import { undoOutcomes } from '../check/data-changes.ts';
import type { CheckResult } from '../runner/results.ts';
import type { ReportSection } from './migration-report.ts';

export interface DataChangeRow {
  readonly target: string;
  readonly check: string;
  readonly request: string;
  readonly on: string;
  readonly undone: UndoOutcome;
  readonly detail: string;
}

export function dataChangeRows(checks: readonly CheckResult[]): DataChangeRow[] {
  return checks.flatMap((check) => (check.dataChanges ?? []).map((change) => dataChangeRow(check.project, check.id, change)));
}

/** One change of the ledger, as the reports list it: on which run target, by which check. */
export function dataChangeRow(target: string, check: string, change: DataChange): DataChangeRow {
  return { target, check, request: change.request, on: change.target, undone: change.undone, detail: change.detail };
}

function tally(rows: readonly DataChangeRow[]): string {
  return undoOutcomes
    .map((outcome) => [outcome, rows.filter((row) => row.undone === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ');
}

/**
 * `data changes: 7 (5 removed, 2 restored)`, and one line per change that stays; `extra`: the comparison's; `listedIn`:
 * the report that lists each.
 */
export function dataChangesSummaryLines(checks: readonly CheckResult[], extra: readonly DataChangeRow[] = [], listedIn = 'the migration report'): string[] {
  const rows = [...dataChangeRows(checks), ...extra];
  if (rows.length === 0) return ['', 'data changes: none'];
  const lines = ['', `data changes: ${rows.length} (${tally(rows)}); each is listed in ${listedIn}`];
  for (const row of rows.filter((candidate) => candidate.undone === 'not undone')) lines.push(`  ! ${row.target} ${row.check}: ${row.request} on ${row.on}: not undone (${row.detail})`);
  return lines;
}

/** The "Data changes" section of the migration report (md, html, json), when the run changed anything. */
export function dataChangesSection(checks: readonly CheckResult[], extra: readonly DataChangeRow[] = []): ReportSection | undefined {
  const rows = [...dataChangeRows(checks), ...extra];
  if (rows.length === 0) return undefined;
  const markdown = [
    `${rows.length} ${rows.length === 1 ? 'request' : 'requests'} that may change data, and what became of each (${tally(rows)}). A run changes only what it creates, or values it reads first and puts back; a step that cannot be undone runs only with ALLOW_IRREVERSIBLE=true.`,
    '',
    '| Target | Check | Request | On | Undone | How, or why not |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${cell(row.target)} | ${cell(row.check)} | \`${cell(row.request)}\` | ${cell(row.on)} | ${row.undone} | ${cell(row.detail)} |`),
  ].join('\n');
  return { title: 'Data changes', markdown, data: rows };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
