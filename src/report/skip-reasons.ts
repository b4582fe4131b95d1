/**
 * Skips, as the console counts them: one line per reason with its count (`12 skipped: set ALLOW_MUTATIONS=true to
 * run it`), never one line per check, so the summary ends on the verdict. The reasons a check gives name its own
 * endpoint and field; the kinds below are what a reader acts on (allow mutations, look at a failure, nothing to do).
 * Every skipped check keeps its own reason in the reports: reports/skipped-checks.md, the Allure report and
 * run-results.json.
 */
import { notRunPrefix } from '../errors.ts';
import type { CheckResult } from '../runner/results.ts';

/** One kind of skip: which checks it holds, and the reason the console gives for all of them. */
interface SkipKind {
  readonly holds: (check: CheckResult, note: string) => boolean;
  readonly reason: (check: CheckResult, note: string) => string;
}

/** In order: the first kind that holds a check counts it. */
const skipKinds: readonly SkipKind[] = [
  // Their own notes say which signal or RUN_TIMEOUT_S, the same for every check they hold (src/cli/interruption.ts, src/errors.ts).
  { holds: (_, note) => note.startsWith(`${notRunPrefix}the run was stopped by`), reason: (_, note) => note },
  { holds: (_, note) => note.startsWith(`${notRunPrefix}the run's time ran out`), reason: (_, note) => note.replace(/\).*$/s, ')') },
  { holds: (_, note) => note.startsWith(`${notRunPrefix}the setup of`), reason: () => `${notRunPrefix}the setup of their suite failed (the errors above say why)` },
  // The target stopped answering (src/check/no-answer.ts): the run's last line says what happened.
  { holds: (check) => check.noAnswer !== undefined, reason: () => 'not checked: the target gave no answer (the last line says what happened; each check\'s note, what it did)' },
  // A check that waits on an endpoint whose finding is a failure (src/check/not-served.ts): the failure says what to do.
  { holds: (check) => check.finding !== undefined && check.endpoint !== undefined, reason: () => 'not checked: the endpoint they need is not served (see the failed checks above)' },
  // One whose premise another check's failure took away (src/check/check.ts skipBecauseOf): that failure is the finding.
  { holds: (check) => check.finding !== undefined, reason: () => 'not checked: the failure of the check their note names took away what they check (see the failed checks above)' },
  { holds: (_, note) => note.includes('set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true'), reason: () => 'they would change data on the target that cannot be undone: set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true to run them' },
  { holds: (_, note) => note.includes('set ALLOW_IRREVERSIBLE=true'), reason: () => 'their change cannot be undone on the target: set ALLOW_IRREVERSIBLE=true as well to run them' },
  { holds: (_, note) => note.includes('set ALLOW_MUTATIONS=true'), reason: () => 'they would change data on the target: set ALLOW_MUTATIONS=true to run them' },
  { holds: (_, note) => note.startsWith('observation:'), reason: () => 'observations: what the target did, neither pass nor fail (the migration report lists them)' },
  // The spec's change is not part of the target's version (spec §4): nothing to do.
  { holds: (_, note) => note.startsWith('not applicable'), reason: (check) => `not applicable to ${check.version ?? versionOf(check.project)}: what they check is not part of that version (spec §4)` },
];

/** The console's reason for a skipped check: its kind's, or its own note when no kind holds it. */
export function skipReason(check: CheckResult): string {
  const note = check.note ?? 'no reason given';
  const kind = skipKinds.find((candidate) => candidate.holds(check, note));
  return kind ? kind.reason(check, note) : note;
}

/** The reasons a console shows one by one; the rest are counted on one line. */
const SHOWN_REASONS = 6;

/** `  - 12 skipped (embedded 7.4): reason` lines, most checks first; empty when nothing was skipped. */
export function skipLines(checks: readonly CheckResult[]): string[] {
  const groups = new Map<string, { count: number; projects: Set<string> }>();
  for (const check of checks.filter((candidate) => candidate.state === 'skipped')) {
    const reason = skipReason(check);
    const group = groups.get(reason) ?? { count: 0, projects: new Set<string>() };
    group.count += 1;
    group.projects.add(check.project);
    groups.set(reason, group);
  }
  const sorted = [...groups].sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b));
  const lines = sorted.slice(0, SHOWN_REASONS).map(([reason, { count, projects }]) => `  - ${count} skipped (${[...projects].sort().join(', ')}): ${reason}`);
  const rest = sorted.slice(SHOWN_REASONS);
  if (rest.length > 0) {
    const count = rest.reduce((sum, [, group]) => sum + group.count, 0);
    lines.push(`  - ${count} skipped for ${rest.length} other reasons, each in skipped-checks.md`);
  }
  return lines;
}

/** reports/skipped-checks.md: every skipped check with its own reason, grouped as the console counts them. */
export function skippedChecksMarkdown(checks: readonly CheckResult[]): string {
  const skipped = checks.filter((check) => check.state === 'skipped');
  const lines = ['# Skipped checks', '', `${skipped.length} checks were skipped; each with its own reason, under the reason the console counts it by.`];
  const byReason = new Map<string, CheckResult[]>();
  for (const check of skipped) byReason.set(skipReason(check), [...(byReason.get(skipReason(check)) ?? []), check]);
  for (const [reason, group] of [...byReason].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b))) {
    lines.push('', `## ${group.length} skipped: ${escapeMarkdown(reason)}`, '');
    for (const check of group) lines.push(`- ${escapeMarkdown(check.project)} \`${check.id}\`: ${escapeMarkdown(check.note ?? 'no reason given')}`);
  }
  return `${lines.join('\n')}\n`;
}

function versionOf(project: string): string {
  return /\b(\d+\.\d+)$/.exec(project)?.[1] ?? 'this version';
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`);
}
