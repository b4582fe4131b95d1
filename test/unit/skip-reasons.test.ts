/**
 * The console counts skips by reason (src/report/skip-reasons.ts) and ends on the verdict (src/report/verdict.ts);
 * skipped-checks.md keeps every check with its own reason.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/runner/results.ts';
import { skipLines, skippedChecksMarkdown } from '../../src/report/skip-reasons.ts';
import { formatSummary } from '../../src/report/summary.ts';
import { verdictLine } from '../../src/report/verdict.ts';

const skipped = (project: string, id: string, note: string, extra: Partial<CheckResult> = {}): CheckResult => ({ project, file: 'x', id, name: id, state: 'skipped', note, ...extra });

const notApplicable = Array.from({ length: 30 }, (_, index) => skipped('embedded 7.4', `media.check-${index}`, `not applicable to 7.4: feature ${index} comes with 8.0 (GET /x/${index}, added, spec §4.4)`));
const mutations = Array.from({ length: 12 }, (_, index) => skipped('staging 8.0', `job.change-${index}`, `POST /job/${index} would change data on https://staging; set ALLOW_MUTATIONS=true to run it (it changes only what it creates)`));
const fixtures = Array.from({ length: 9 }, (_, index) => skipped('staging 8.0', `planning.fixture-${index}`, `fixture ${index} is missing on this target`));

describe('skips counted by reason', () => {
  const checks = [...notApplicable, ...mutations, ...fixtures, { project: 'staging 8.0', file: 'x', id: 'auth.ok', name: 'n', state: 'passed' } as const];

  it('gives one line per reason with its count, most first, and counts the rest on one line', () => {
    const lines = skipLines(checks);
    expect(lines.slice(0, 2)).toEqual([
      '  - 30 skipped (embedded 7.4): not applicable to 7.4: what they check is not part of that version (spec §4)',
      '  - 12 skipped (staging 8.0): they would change data on the target: set ALLOW_MUTATIONS=true to run them',
    ]);
    // Nine reasons of their own: six shown one by one, the other three on one line.
    expect(lines).toHaveLength(2 + 4 + 1);
    expect(lines.at(-1)).toBe('  - 5 skipped for 5 other reasons, each in skipped-checks.md');
  });

  it('keeps the summary short: a handful of skip lines for 51 skipped checks', () => {
    const summary = formatSummary({ checks, errors: [] }, 'staging').split('\n');
    const start = summary.findIndex((line) => line.startsWith('skipped checks, by reason'));
    expect(summary.slice(start + 1).filter((line) => line.startsWith('  - '))).toHaveLength(7);
  });

  it('tells a check waiting on an endpoint not served from one whose premise another check\'s failure took away', () => {
    const waiting = [
      skipped('staging 8.0', 'media.x.role-required', 'not checked: GET /x is not served (405; finding media.x.served)', { finding: 'media.x.served', endpoint: 'GET /x' }),
      skipped('staging 8.0', 'auth.refresh-old-rejected', 'not checked: gave back the same refresh token on a refresh, so there is no replaced refresh token to refuse (finding auth.refresh-new-pair)', { finding: 'auth.refresh-new-pair' }),
    ];
    expect(skipLines(waiting)).toEqual([
      '  - 1 skipped (staging 8.0): not checked: the endpoint they need is not served (see the failed checks above)',
      '  - 1 skipped (staging 8.0): not checked: the failure of the check their note names took away what they check (see the failed checks above)',
    ]);
  });

  it('lists every skipped check with its own reason in skipped-checks.md', () => {
    const markdown = skippedChecksMarkdown(checks);
    for (const check of [...notApplicable, ...mutations, ...fixtures]) expect(markdown).toContain(`\`${check.id}\``);
    expect(markdown).toContain('## 30 skipped: not applicable to 7.4');
  });
});

describe('the verdict line', () => {
  const passed: CheckResult = { project: 'embedded 8.0', file: 'x', id: 'a', name: 'a', state: 'passed' };
  const failed: CheckResult = { project: 'embedded 8.0', file: 'x', id: 'b', name: 'b', state: 'failed', error: 'no' };

  it('says PASS with the tally when nothing failed', () => {
    expect(verdictLine({ results: { checks: [passed, ...fixtures.slice(0, 2)], errors: [] }, asDocumented: true, subset: [] })).toBe('VERDICT: PASS (1 passed, 0 failed, 2 skipped)');
  });

  it('says INCOMPLETE, never PASS, for a run cut short with no failure', () => {
    expect(verdictLine({ results: { checks: [passed], errors: [] }, asDocumented: true, subset: ['INTERRUPTED: the run was stopped by SIGINT; only the 1 check that finished'] })).toBe(
      'VERDICT: INCOMPLETE (1 passed, 0 failed, 0 skipped); INTERRUPTED: the run was stopped by SIGINT; only the 1 check that finished',
    );
  });

  it('says FAIL and why, and that a part of a run is only a part', () => {
    expect(verdictLine({ results: { checks: [passed, failed], errors: ['boom'] }, asDocumented: false, subset: ['only the checks matching --only job'] })).toBe(
      "VERDICT: FAIL: 1 check failed; 1 error outside checks; contract breaks not as documented (1 passed, 1 failed, 0 skipped); of a part of the run only (see the summary's first lines)",
    );
  });
});
