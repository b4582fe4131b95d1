/**
 * The run's data changes in the summary and the migration report
 * (src/report/data-changes-section.ts): counted by outcome, every change
 * that stays named in the summary, and each one a row of the report.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/runner/results.ts';
import { formatSummary } from '../../src/report/summary.ts';
import { buildMigrationReport, renderMigrationMarkdown } from '../../src/report/migration-report.ts';
import { renderMigrationHtml } from '../../src/report/migration-html.ts';
import { dataChangesSection } from '../../src/report/data-changes-section.ts';

const checks: CheckResult[] = [
  {
    project: 'target 8.0',
    file: 'suites/modules/planning/lifecycle.test.ts',
    id: 'planning.group-delete.served',
    name: 'n',
    state: 'passed',
    dataChanges: [
      { request: 'POST /maps/rest/api/v1.0/group', target: 'scratch group 17, created by the check', undone: 'removed', detail: 'deleted by the call under test' },
      { request: 'DELETE /maps/rest/api/v1.0/group/17', target: 'scratch group 17, created by the check', undone: 'removed', detail: 'deleted by the call under test' },
    ],
  },
  {
    project: 'target 8.0',
    file: 'suites/modules/media/ai-tagging-statistics-reset.test.ts',
    id: 'media.ai-tagging-statistics-reset.counters-zeroed',
    name: 'n',
    state: 'passed',
    dataChanges: [{ request: 'POST /rest/mp/v1.1/ai-tagging/statistics/reset', target: 'the AI tagging statistics', undone: 'not undone', detail: 'the counters cannot be put back' }],
  },
  { project: 'target 8.0', file: 'x', id: 'auth.state-echo', name: 'n', state: 'passed' },
];

describe('data changes', () => {
  it('the summary says the count by outcome and names each change that stays', () => {
    const text = formatSummary({ checks, errors: [] }, 'https://staging.example.com');
    expect(text).toContain('data changes: 3 (2 removed, 1 not undone)');
    expect(text).toContain('! target 8.0 media.ai-tagging-statistics-reset.counters-zeroed: POST /rest/mp/v1.1/ai-tagging/statistics/reset on the AI tagging statistics: not undone (the counters cannot be put back)');
  });

  it('a run that changed nothing says so', () => {
    expect(formatSummary({ checks: checks.slice(2), errors: [] }, 'x')).toContain('data changes: none');
    expect(dataChangesSection(checks.slice(2))).toBeUndefined();
  });

  it('the migration report lists every change, what and where, and whether it was undone, in md, html and json', () => {
    const section = dataChangesSection(checks);
    expect(section).toBeDefined();
    const report = buildMigrationReport({ checks, errors: [] }, { sections: section ? [section] : [] });
    const markdown = renderMigrationMarkdown(report);
    expect(markdown).toContain('## Data changes');
    expect(markdown).toContain('| target 8.0 | planning.group-delete.served | `DELETE /maps/rest/api/v1.0/group/17` | scratch group 17, created by the check | removed | deleted by the call under test |');
    expect(renderMigrationHtml(report)).toContain('POST /rest/mp/v1.1/ai-tagging/statistics/reset');
    const json = JSON.parse(JSON.stringify(report)) as { sections: { title: string; data: { undone: string }[] }[] };
    expect(json.sections.find((candidate) => candidate.title === 'Data changes')?.data.map((row) => row.undone)).toEqual(['removed', 'removed', 'not undone']);
  });
});
