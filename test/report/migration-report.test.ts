/**
 * The migration report's rows: no reason repeated,
 * a version nothing was checked on says why and nothing else, a failure's
 * whole message, and each deprecated endpoint's Deprecation / Sunset headers
 * per version.
 */
import { describe, expect, it } from 'vitest';
import { renderMigrationHtml } from '../../src/report/migration-html.ts';
import { buildMigrationReport, renderMigrationMarkdown } from '../../src/report/migration-report.ts';
import { deprecationSignal } from '../../src/http/deprecation-headers.ts';
import type { CheckResult } from '../../src/runner/results.ts';

const notApplicable = 'not applicable: the advanced search is breaking in 8.0; 7.4 keeps its old request and array bodies (spec §4.7)';
const removed = ['conflict-types', 'order-data', 'text', 'conditions', 'category-id', 'filters', 'header-id', 'order-list-id'];

function result(project: string, id: string, state: CheckResult['state'], extra: Partial<CheckResult> = {}): CheckResult {
  return { project, version: project.slice(-3), file: 'f', id, name: id, state, ...extra };
}

const usergroups = '/maps/rest/api/v1.0/usergroups/all';
const checks: CheckResult[] = [
  ...removed.map((property) => result('embedded 7.4', `shop.advanced-search.removed-property.${property}`, 'skipped', { note: notApplicable })),
  result('embedded 7.4', 'shop.advanced-search.error-body-object', 'skipped', { note: notApplicable }),
  result('embedded 7.4', 'shop.advanced-search.served', 'passed', { observed: '200 (7.4/shop-advanced-search-response)' }),
  result('embedded 8.0', 'shop.advanced-search.served', 'failed', {
    observed: '200 (8.0/shop-advanced-search-response)',
    error: 'body against 8.0/shop-advanced-search-response: /items/0/id: expected string in format uuid, got "14" (+1 more)\n  /items/1/id: expected string in format uuid, got "15"',
  }),
  result('embedded 7.4', 'planning.group-delete.served', 'skipped', { note: 'no planning group to delete: set FIXTURE_PLANNING_GROUP_ID' }),
  result('embedded 8.0', 'planning.group-delete.served', 'skipped', { note: 'no planning group to delete: set FIXTURE_PLANNING_GROUP_ID' }),
  result('embedded 7.4', 'planning.usergroups-all.served', 'passed', { observed: '200' }),
  result('embedded 8.0', 'planning.usergroups-all.served', 'passed', {
    observed: '200',
    deprecationHeaders: [deprecationSignal('GET', `http://127.0.0.1:1${usergroups}`, 200, { deprecation: '@1767225600', sunset: 'Wed, 30 Jun 2027 23:59:59 GMT' })!],
  }),
  result('embedded 8.0', 'media.archive-entries-asset.gone', 'passed', { observed: 'deprecated, still served: HTTP 200; no Deprecation or Sunset header (the spec obliges none)' }),
  result('embedded 7.4', 'planning.usergroups-user.served', 'passed', { observed: '200' }),
  result('embedded 8.0', 'planning.usergroups-user.served', 'passed', {
    observed: '200',
    deprecationHeaders: [deprecationSignal('GET', 'http://127.0.0.1:1/maps/rest/api/v1.0/usergroups/user/7', 200, { deprecation: '1767225600' })!],
  }),
];

const report = buildMigrationReport({ checks, errors: [] }, { now: new Date('2026-11-24T05:00:00Z') });
const rowOf = (id: string) => report.rows.find((row) => row.id === id);

describe('the migration report', () => {
  it('expects a "removed/deprecated" endpoint gone or served deprecated on 8.0, and shows which the target did', () => {
    const archive = rowOf('media.archive-entries-asset')?.versions['8.0'];
    expect(archive?.expected).toBe('not served, or served deprecated');
    expect(archive?.verdict).toBe('as documented');
    expect(archive?.observed.join('\n')).toContain('probed for its removal: deprecated, still served: HTTP 200');
  });

  it('names what was checked under its title, as the summary\'s first line does: a report of the simulator never reads as one of staging', () => {
    const checked = 'the EMBEDDED SIMULATOR, not a real target (no BASE_URL set)';
    const named = buildMigrationReport({ checks, errors: [] }, { checked, now: new Date('2026-11-24T05:00:00Z') });
    expect(renderMigrationMarkdown(named).split('\n').slice(0, 4)).toEqual(['# Migration report: platform 7.4 → 8.0', '', '**Checked:** the EMBEDDED SIMULATOR, not a real target (no BASE\\_URL set)', '']);
    expect(renderMigrationHtml(named)).toContain(`<h1>Migration report: platform 7.4 → 8.0</h1>\n<p class="checked"><strong>Checked:</strong> ${checked}</p>`);
  });

  it('opens with what the run was not, each line as given (markdown escaped, HTML escaped), and says nothing of it for a whole run', () => {
    const scope = ['only the checks matching --only planning.*_group', 'INCOMPLETE: shard 3/3 missing'];
    const partial = buildMigrationReport({ checks, errors: [] }, { now: new Date('2026-11-24T05:00:00Z'), scope });
    const markdown = renderMigrationMarkdown(partial);
    expect(markdown).toContain('> **Not the whole run:** only the checks matching --only planning.\\*\\_group');
    expect(markdown).toContain('> **Not the whole run:** INCOMPLETE: shard 3/3 missing');
    expect(renderMigrationHtml(partial)).toContain('<p class="scope"><strong>Not the whole run:</strong> only the checks matching --only planning.*_group</p>');
    expect(renderMigrationMarkdown(report)).not.toContain('Not the whole run');
    expect(renderMigrationHtml(report)).not.toContain('Not the whole run');
  });

  it('names a reason once, with the checks that gave it (more than three as a count)', () => {
    const shop = rowOf('shop.advanced-search');
    const observed = shop?.versions['7.4']?.observed ?? [];
    expect(observed.filter((line) => line.includes(notApplicable))).toHaveLength(1);
    expect(observed.join('\n')).toContain(`9 checks (shop.advanced-search.removed-property.conflict-types; shop.advanced-search.removed-property.order-data; …): ${notApplicable}`);
    const markdown = renderMigrationMarkdown(report);
    expect(markdown.split(notApplicable)).toHaveLength(2);
  });

  it('shows a failure whole: what was observed and every problem', () => {
    const line = rowOf('shop.advanced-search')?.versions['8.0']?.observed.join('\n') ?? '';
    expect(line).toContain('/items/0/id: expected string in format uuid, got "14"');
    expect(line).toContain('/items/1/id: expected string in format uuid, got "15"');
    expect(rowOf('shop.advanced-search')?.verdict).toBe('deviates');
    expect(renderMigrationMarkdown(report)).toContain('got "14" (+1 more)<br>  /items/1/id');
  });

  it('says only why where nothing was checked', () => {
    const row = rowOf('planning.group-delete');
    expect(row?.verdict).toBe('not checked');
    expect(row?.versions['8.0']?.observed).toEqual(['no planning group to delete: set FIXTURE_PLANNING_GROUP_ID']);
    const markdownRow = renderMigrationMarkdown(report).split('\n').find((line) => line.includes('`DELETE /maps/rest/api/{version}/group/{id}`')) ?? '';
    expect(markdownRow).toContain('| not checked: no planning group to delete: set FIXTURE_PLANNING_GROUP_ID |');
    expect(markdownRow).not.toMatch(/served/);
  });

  it('reports per version whether a deprecated endpoint sent Deprecation / Sunset headers, and malformed ones as such', () => {
    expect(rowOf('planning.usergroups-all')?.versions['7.4']?.deprecationHeaders).toBe('none sent');
    expect(rowOf('planning.usergroups-all')?.versions['8.0']?.deprecationHeaders).toBe(
      'Deprecation: @1767225600 (2026-01-01T00:00:00.000Z); Sunset: Wed, 30 Jun 2027 23:59:59 GMT (2027-06-30T23:59:59.000Z)',
    );
    expect(rowOf('planning.usergroups-user')?.versions['8.0']?.deprecationHeaders).toContain('MALFORMED Deprecation: "1767225600"');
    expect(rowOf('planning.group-delete')?.versions['8.0']?.deprecationHeaders).toBe('not seen (not checked)');
    expect(rowOf('planning.usergroups-all')?.verdict).toBe('as documented');
    const deprecatedSection = renderMigrationMarkdown(report).split('## Deprecated in 8.0')[1] ?? '';
    expect(deprecatedSection).toContain('| none sent | Deprecation: @1767225600');
  });
});
