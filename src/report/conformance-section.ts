/**
 * The conformance checks in the migration report and the console summary:
 * per target, how many endpoints keep the vendor's documents, which do not
 * (with the first violation), which depart from them where the spec rules,
 * and the departures table itself.
 */
import type { CheckResult, RunResults } from '../runner/results.ts';
import type { ReportSection } from './migration-report.ts';
import { departures, type Departure } from '../conformance/departures.ts';

export const conformanceCheckPrefix = 'conformance.';
const titleSuffix = " keeps the vendor's OpenAPI document";

/** The title of an endpoint's conformance check (`GET /rm/rest/v1.0/reviews/{id} keeps the vendor's OpenAPI document`). */
export function conformanceTitle(endpoint: string): string {
  return `${endpoint}${titleSuffix}`;
}

export type ConformanceVerdict = 'conforms' | 'violates' | 'spec over vendor' | 'not checked';

export interface ConformanceRow {
  readonly target: string;
  readonly version?: string;
  readonly id: string;
  readonly endpoint: string;
  readonly verdict: ConformanceVerdict;
  /** The first violation, the departure, the skip reason, or what conformed. */
  readonly detail: string;
}

export function isConformanceCheck(check: Pick<CheckResult, 'id'>): boolean {
  return check.id.startsWith(conformanceCheckPrefix);
}

export function conformanceRows(checks: readonly CheckResult[]): ConformanceRow[] {
  return checks.filter(isConformanceCheck).map((check) => ({
    target: check.project,
    ...(check.version !== undefined && { version: check.version }),
    id: check.id,
    endpoint: check.name.split(titleSuffix)[0] ?? check.name,
    verdict: verdictOf(check),
    detail: detailOf(check),
  }));
}

function verdictOf(check: CheckResult): ConformanceVerdict {
  if (check.state === 'failed') return 'violates';
  if (check.state === 'passed') return 'conforms';
  return check.note?.startsWith('observation:') ? 'spec over vendor' : 'not checked';
}

function detailOf(check: CheckResult): string {
  if (check.state === 'failed') return (check.error ?? '').split('\n').slice(0, 2).map((line) => line.trim()).join(' ');
  if (check.state === 'skipped') return check.note ?? 'skipped';
  return check.observed ?? 'conforms';
}

/** One summary line per target that ran conformance checks. */
export function conformanceSummaryLines(checks: readonly CheckResult[]): string[] {
  const byTarget = new Map<string, Record<ConformanceVerdict, number>>();
  for (const row of conformanceRows(checks)) {
    const tally = byTarget.get(row.target) ?? { conforms: 0, violates: 0, 'spec over vendor': 0, 'not checked': 0 };
    tally[row.verdict] += 1;
    byTarget.set(row.target, tally);
  }
  return [...byTarget]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([target, tally]) => {
      const total = Object.values(tally).reduce((sum, count) => sum + count, 0);
      return `  vendor conformance ${target}: ${total} endpoints, ${tally.conforms} conform, ${tally.violates} violate, ${tally['spec over vendor']} spec over vendor, ${tally['not checked']} not checked`;
    });
}

/** The migration report's "Vendor conformance" section; undefined when conformance was off. */
export function conformanceSection(results: RunResults, table: readonly Departure[] = departures): ReportSection | undefined {
  const rows = conformanceRows(results.checks);
  if (rows.length === 0) return undefined;
  const lines = [
    "Every module request and response of the run, checked against the vendor's OpenAPI document of its module and version (one check per endpoint).",
    '',
    ...conformanceSummaryLines(results.checks).map((line) => `- ${line.trim()}`),
  ];
  const notable = rows.filter((row) => row.verdict !== 'conforms').sort((a, b) => a.verdict.localeCompare(b.verdict) || a.target.localeCompare(b.target) || a.endpoint.localeCompare(b.endpoint));
  if (notable.length > 0) {
    lines.push('', '| Target | Endpoint | Verdict | Detail |', '|---|---|---|---|');
    for (const row of notable) lines.push(`| ${row.target} | \`${row.endpoint}\` | ${row.verdict} | ${cell(row.detail)} |`);
  }
  lines.push('', '### Departures: where the spec rules over the vendor', '', renderDepartures(table));
  return { title: 'Vendor conformance', markdown: lines.join('\n'), data: { rows, departures: table } };
}

export function renderDepartures(table: readonly Departure[]): string {
  const lines = ['| Module | Endpoint | Versions | Side | Pointer | Spec | Vendor document | Why |', '|---|---|---|---|---|---|---|---|'];
  for (const row of table) {
    lines.push(`| ${row.module} | \`${row.method} ${row.path}\` | ${row.versions.join(', ')} | ${row.side} | \`${row.pointer || '(all)'}\` | ${row.spec} | ${row.document} | ${cell(row.why)} |`);
  }
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
