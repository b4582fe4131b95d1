/**
 * The migration report's auth section: each step of the OAuth flow (spec
 * §4.1, §5), what the spec says there (the check's title), and what the
 * target did (what the check observed, its failure with the departure, or
 * its skip reason). Endpoints at other paths than the spec's show here as
 * an observation of the steps that use them, never as a failure.
 */
import type { CheckResult, RunResults } from '../runner/results.ts';
import type { ReportSection } from './migration-report.ts';

/** The flow's steps in the order a login runs them, and the checks (by id or id prefix) that look at each. */
const authFlowSteps = [
  { step: 'authorization request', spec: '§4.1, §5.3, §5.4, §9.1', checks: ['auth.login-challenge', 'auth.redirect-echo'] },
  { step: 'authorization refusals', spec: '§4.1, §7', checks: ['auth.unregistered-redirect-not-followed', 'auth.scope-error', 'auth.authorization-missing-param.'] },
  { step: 'code exchange', spec: '§2, §4.1, §5.5', checks: ['auth.token-response-schema', 'auth.token-type-bearer', 'auth.code-reuse-refused', 'auth.redirect-mismatch-refused', 'auth.token-missing-param.'] },
  { step: 'client authentication', spec: '§7', checks: ['auth.wrong-secret-'] },
  { step: 'grant types', spec: '§1, §5.9', checks: ['auth.unsupported-grant.'] },
  { step: 'API calls', spec: '§5.6', checks: ['auth.bearer-keyword-case', 'auth.no-token-refused', 'auth.garbage-token-refused'] },
  { step: 'expiry', spec: '§5.7, §7', checks: ['auth.expired-token-'] },
  { step: 'refresh', spec: '§4.1, §5.8, §8', checks: ['auth.refresh-'] },
] as const;

export interface AuthRow {
  readonly step: string;
  readonly spec: string;
  readonly target: string;
  readonly id: string;
  /** What the spec says: the check's title. */
  readonly says: string;
  readonly state: CheckResult['state'];
  /** What the target did. */
  readonly did: string;
}

export function authRows(checks: readonly CheckResult[]): AuthRow[] {
  const rows: AuthRow[] = [];
  for (const { step, spec, checks: ids } of authFlowSteps) {
    for (const check of checks) {
      if (!ids.some((id) => (id.endsWith('.') || id.endsWith('-') ? check.id.startsWith(id) : check.id === id))) continue;
      rows.push({ step, spec, target: check.project, id: check.id, says: check.name.replace(/ \[[^\]]+\]$/, ''), state: check.state, did: didOf(check) });
    }
  }
  return rows;
}

function didOf(check: CheckResult): string {
  if (check.state === 'failed') return check.error ?? 'failed';
  if (check.state === 'skipped') return check.note?.startsWith('not checked: ') ? check.note : `not checked: ${check.note ?? 'no reason given'}`;
  return check.observed ?? 'as the spec says';
}

/** Undefined when no auth check ran. */
export function authSection(results: RunResults): ReportSection | undefined {
  const rows = authRows(results.checks);
  if (rows.length === 0) return undefined;
  const lines = ['| Step | Spec | Target | What the spec says | What the target did | Verdict |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    const verdict = row.state === 'failed' ? 'departs' : row.state === 'skipped' ? 'not checked' : 'as the spec says';
    lines.push(`| ${[row.step, row.spec, row.target, row.says, row.did, verdict].map(cell).join(' | ')} |`);
  }
  return {
    title: 'Authentication',
    markdown: [
      'Each step of the OAuth flow (spec §4.1, §5): what the spec says, and what the target did. A departure names what it means for an integration; endpoints at other URLs than the spec\'s paths (spec §4.1: "the concrete endpoint URLs of an instance are shown … at app registration") are noted, not failed.',
      '',
      ...lines,
    ].join('\n'),
    data: rows,
  };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
