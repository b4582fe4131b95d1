/**
 * The console summary verify prints after a run: first, per module, what
 * breaks when the team moves (the changes by kind and the worst finding, as
 * the migration report's first screen says it); per target, how many checks
 * passed, failed and skipped; then each failure, and the skips counted by reason.
 */
import { isFlaky, tallyByProject, type RunResults } from '../runner/results.ts';
import type { CheckResult } from '../runner/results.ts';
import { conformanceSummaryLines } from './conformance-section.ts';
import { dataChangesSummaryLines, type DataChangeRow } from './data-changes-section.ts';
import { buildMigrationReport } from './migration-report.ts';
import { whatBreaksSummaryLines } from './what-breaks.ts';
import { skipLines } from './skip-reasons.ts';
import { cutShortLine } from './verdict.ts';
import { servedNothing } from './unproven-absences.ts';
import { vendorSummaryLines } from './vendor-agreement-column.ts';

export interface SummaryExtras {
  /** The cross-version comparison's data changes, listed with the run's. */
  readonly comparisonChanges?: readonly DataChangeRow[];
  /** In a run cut short, the targets it lacks checks of; absent: every target. */
  readonly cutTargets?: readonly string[];
}

/**
 * `target` says what was checked; it heads the summary so that a run against
 * the embedded simulator can never be mistaken for a run against staging.
 */
export function formatSummary(results: RunResults, target: string, subset: readonly string[] = [], { comparisonChanges = [], cutTargets }: SummaryExtras = {}): string {
  // A part of a run (`--only`, one `--shard`) says so under the first line: it is never mistaken for the whole run.
  const lines: string[] = ['', `upgrade-guard summary: ${target}`, ...subset.map((line) => `  SUBSET: ${line}`)];
  lines.push('', 'what breaks when you move, per module (changes the spec documents; findings of this run):');
  lines.push(...whatBreaksSummaryLines(buildMigrationReport(results).whatBreaks), '');
  // A target of a run cut short is never "ok": what did not run may have failed.
  const cut = cutShortLine(subset) !== undefined;
  for (const tally of tallyByProject(results.checks)) {
    const verdict = tally.failed > 0 ? 'FAIL' : cut && (cutTargets === undefined || cutTargets.includes(tally.project)) ? 'cut ' : 'ok  ';
    lines.push(`  ${verdict} ${tally.project.padEnd(14)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
    lines.push(...nothingServedLines(tally.project, results.checks));
  }
  lines.push(...conformanceSummaryLines(results.checks));
  lines.push(...dataChangesSummaryLines(results.checks, comparisonChanges));
  lines.push(...failureSection(results.checks));
  lines.push(...vendorSummaryLines(results));
  // Never silently passed: a check that needed a retried request is listed, whatever its state.
  const flaky = results.checks.filter(isFlaky);
  if (flaky.length > 0) {
    lines.push('', 'flaky (requests retried after a reset or a 502/503/504):');
    for (const check of flaky) lines.push(`  ~ ${check.project} ${check.id} (${check.state}): ${check.retried}`);
  }
  // One line per reason with its count (skip-reasons.ts); each check's own reason is in reports/skipped-checks.md.
  const skips = skipLines(results.checks);
  if (skips.length > 0) lines.push('', 'skipped checks, by reason (each check with its own reason: skipped-checks.md in the reports folder):', ...skips);
  if (results.errors.length > 0) {
    lines.push('', 'errors outside checks:');
    for (const error of results.errors) lines.push(`  ! ${firstLine(error)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A target that served none of its module endpoints (unproven-absences.ts): the address is the likelier cause. */
function nothingServedLines(project: string, checks: readonly CheckResult[]): string[] {
  const nothing = servedNothing(project, checks);
  if (nothing === undefined) return [];
  return [`       all ${nothing.absent} module endpoints the spec lists as served answered 404 or 405 on ${project}: check that BASE_URL is the platform's root (a wrong path gets 404 everywhere) before asking the vendor`];
}

/**
 * The failures grouped by the endpoint their finding is about: `METHOD path: check ids` heads each group, with the
 * checks not checked because that endpoint is not served; then each failure with its message. Failures about no
 * endpoint (the OAuth flows, the contracts) follow under their own heading.
 */
export function failureSection(checks: readonly CheckResult[]): string[] {
  const failures = checks.filter((check) => check.state === 'failed');
  if (failures.length === 0) return [];
  const lines: string[] = ['', 'failed checks, by endpoint:'];
  const byEndpoint = groupBy(failures.filter((check) => check.endpoint !== undefined), (check) => check.endpoint ?? '');
  for (const [endpoint, group] of [...byEndpoint].sort(([a], [b]) => a.localeCompare(b))) {
    const waiting = checks.filter((check) => check.state === 'skipped' && check.finding !== undefined && check.endpoint === endpoint);
    const notChecked = waiting.length === 0 ? '' : `; not checked because of it: ${unique(waiting.map((check) => check.id)).join(', ')}`;
    lines.push(`  ${endpoint}: ${unique(group.map((check) => check.id)).join(', ')}${notChecked}`);
    for (const failure of group) lines.push(...failureLines(`${failure.project} ${failure.id}`, failure.error).map((line) => `  ${line}`));
  }
  const other = failures.filter((check) => check.endpoint === undefined);
  if (other.length > 0) {
    lines.push('  not about one endpoint:');
    for (const failure of other) lines.push(...failureLines(`${failure.project} ${failure.id}`, failure.error).map((line) => `  ${line}`));
  }
  return lines;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Lines of a failure message shown under its headline; the rest are counted (the reports hold them all). */
const MAX_FAILURE_LINES = 6;

/** The whole message a person needs (src/check/failure.ts): the headline, then its lines, indented. */
export function failureLines(who: string, error: string | undefined): string[] {
  const [headline = 'no message', ...rest] = (error ?? '').split('\n').filter((line) => line.trim() !== '');
  const shown = rest.slice(0, MAX_FAILURE_LINES).map((line) => `      ${line.trim()}`);
  const more = rest.length > MAX_FAILURE_LINES ? [`      … ${rest.length - MAX_FAILURE_LINES} more lines in the Allure report and the migration report`] : [];
  return [`  ✗ ${who}: ${headline}`, ...shown, ...more];
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}
