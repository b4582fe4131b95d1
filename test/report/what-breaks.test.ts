/**
 * The migration report's first screen and the summary's first lines answer
 * "what breaks when we move?" per module: the documented changes counted by
 * kind (checked against the spec's own tables, test/fixtures/spec-endpoint-tables.md),
 * the calls an unchanged client loses with what to use instead, and the
 * findings that need action, one per endpoint, worst first. Every removed,
 * deprecated and breaking row says what to use instead; no cell carries a
 * check's or a schema's slug; the HTML holds every section the Markdown
 * holds; "Your integration" comes before the endpoint tables.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogModules, type CatalogModule } from '../../src/catalog/index.ts';
import { renderMigrationHtml } from '../../src/report/migration-html.ts';
import { buildMigrationReport, renderMigrationMarkdown, type ReportSection } from '../../src/report/migration-report.ts';
import { formatSummary } from '../../src/report/summary.ts';
import { noneNamedBySpec } from '../../src/report/use-instead.ts';
import { countedKinds, type CountedKind } from '../../src/report/what-breaks.ts';
import type { CheckResult } from '../../src/runner/results.ts';
import { checks, configurations, search } from './_findings-run.ts';
import { classifyChange, extractEndpointTables, parseEndpointRows, type EndpointSection } from '../support/spec-tables.ts';

const fixturePath = fileURLToPath(new URL('../fixtures/spec-endpoint-tables.md', import.meta.url));
const specRows = parseEndpointRows(extractEndpointTables(readFileSync(fixturePath, 'utf8')));
const sectionModules: Record<EndpointSection, CatalogModule> = { '4.2': 'job', '4.3': 'planning', '4.4': 'media', '4.5': 'review', '4.6': 'templateBuilder', '4.7': 'shop' };

const integration: ReportSection = { title: 'Your integration', leads: true, headline: 'Impact on 8.0: 3 distinct calls: 1 breaks', markdown: 'From `npm run impact`.\n\n3 calls: 1 breaks.', data: undefined };
const breaks: ReportSection = { title: 'Contract breaks 7.4 → 8.0', markdown: 'none', data: undefined };
const report = buildMigrationReport({ checks, errors: [] }, { sections: [breaks, integration], now: new Date('2026-11-26T05:00:00Z') });
const markdown = renderMigrationMarkdown(report);
const html = renderMigrationHtml(report);
const moduleOf = (module: CatalogModule) => report.whatBreaks.modules.find((current) => current.module === module);

describe('what breaks, per module', () => {
  it('counts each module\'s changes by kind as the spec\'s tables state them (a "removed/deprecated" row in both)', () => {
    for (const module of catalogModules) {
      const expected: Record<CountedKind, number> = { breaking: 0, removed: 0, deprecated: 0, changed: 0, added: 0 };
      for (const row of specRows.filter((current) => sectionModules[current.section] === module)) {
        const { change, also } = classifyChange(row.changeText);
        for (const kind of new Set([change, ...also])) if ((countedKinds as readonly string[]).includes(kind)) expected[kind as CountedKind] += 1;
      }
      expect(moduleOf(module)?.counts, module).toEqual(expected);
    }
  });

  it('lists the calls an unchanged client loses, each with what to use instead', () => {
    const calls = report.whatBreaks.modules.flatMap((module) => module.breakingCalls);
    const removedOrBreaking = specRows.filter((row) => ['removed', 'breaking'].includes(classifyChange(row.changeText).change));
    expect(calls.map((call) => call.endpoint).sort()).toEqual(removedOrBreaking.map((row) => `${row.method} ${row.path}`).sort());
    expect(calls.every((call) => call.useInstead === noneNamedBySpec)).toBe(true);
    expect(calls.find((call) => call.kind === 'breaking' && call.endpoint.includes('icons/download'))?.what).toBe('response body type changed from object to string');
  });

  it('puts the findings that need action worst first, one per endpoint: not served, a refused status, a differing answer, a removed endpoint still served', () => {
    const media = moduleOf('media')?.findings ?? [];
    expect(media.map((finding) => [finding.kind, finding.endpoint])).toEqual([
      ['not served', configurations],
      ['differs', 'GET /rest/mp/v1.1/assets/{assetId}'],
    ]);
    expect(media[0]?.notCheckedBecause).toBe(1);
    const job = moduleOf('job')?.findings ?? [];
    expect(job.map((finding) => finding.kind)).toEqual(['refused', 'still served']);
    // Two failed checks, one root cause: one line.
    expect(job[0]).toMatchObject({ endpoint: search, failedChecks: 2, targets: ['staging 8.0'] });
    expect(job[0]?.headline).toContain("answered 422: 'states[1]: must be one of ACTIVE, DONE'");
    expect(moduleOf('shop')?.findings).toEqual([]);
    expect(report.whatBreaks.otherFindings.map((finding) => finding.endpoint)).toEqual(['the refresh grant issues a new pair']);
  });

  it('files a provider verification that could not run as contracts not verified, never as an answer of the target', () => {
    // As suites/contracts/contracts.test.ts declares it: named, and its finding's subject, by what could not be verified.
    const label = 'your own contracts (PACT_URLS, PACT_DIR, PACT_BROKER_BASE_URL)';
    const broken = { project: 'embedded 8.0', version: '8.0', file: 'suites/contracts/contracts.test.ts', id: 'contract.own.sources', name: `${label} can be verified [contract.own.sources]`, state: 'failed', endpoint: label, error: 'http://127.0.0.1:9/pacts/app.json could not be reached (ECONNREFUSED)' } as const;
    const found = buildMigrationReport({ checks: [...checks, broken], errors: [] }, { now: new Date('2026-11-26T05:00:00Z') }).whatBreaks.otherFindings;
    const finding = found.find((candidate) => candidate.endpoint === label);
    expect(finding?.kind).toBe('not verified');
    expect(found.at(-1)).toBe(finding);
  });

  it("marks a finding the vendor's document of the target's version agrees with, on the first screen of both formats", () => {
    const agreement = { kind: 'value not in enum', document: 'jobmanager-api-8.0.1.0.json', version: '8.0', subject: 'schema DseObjectState', text: "the vendor's 8.0 document agrees with the target: …" } as const;
    const labelled = checks.map((check) => (check.endpoint === search && check.state === 'failed' ? { ...check, vendorAgreement: agreement } : check));
    const withVendor = buildMigrationReport({ checks: labelled, errors: [] }, { now: new Date('2026-11-26T05:00:00Z') });
    const finding = withVendor.whatBreaks.modules.find((module) => module.module === 'job')?.findings[0];
    expect(finding?.vendorAgrees).toBe("the vendor's 8.0 document agrees (jobmanager-api-8.0.1.0.json): plan for it");
    expect(renderMigrationMarkdown(withVendor)).toContain("the vendor's 8.0 document agrees (jobmanager-api-8.0.1.0.json): plan for it");
    expect(renderMigrationHtml(withVendor)).toContain('<div class="vendor-agrees">the vendor&#39;s 8.0 document agrees (jobmanager-api-8.0.1.0.json): plan for it</div>');
    expect(moduleOf('job')?.findings[0]?.vendorAgrees).toBeUndefined();
  });

  it('says "none" with what was not checked: a module nothing ran on is never "as documented"', () => {
    expect(moduleOf('shop')).toMatchObject({ notChecked: 1, rows: 1 });
    expect(markdown).toMatch(/\| Shop module \| 1 \| 0 \| 0 \| 0 \| 0 \| none found; 1 of 1 not checked \|/);
    const clean = buildMigrationReport({ checks: checks.filter((check) => check.state === 'passed'), errors: [] });
    expect(clean.whatBreaks.modules.every((module) => module.findings.length === 0)).toBe(true);
  });

  it('opens the Markdown and the HTML with it, before the endpoint tables', () => {
    const first = markdown.indexOf('## What breaks when you move');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(markdown.indexOf('## Every documented change'));
    expect(markdown).toContain(`1. not served: ${configurations} on staging 8.0 (1 check failed, 1 not checked because of it): `);
    expect(html.indexOf('id="what-breaks"')).toBeLessThan(html.indexOf('<table class="changes">'));
    expect(html).toMatch(/<article class="card has-findings" data-module="media">[\s\S]*?not served<\/span> <code>GET \/rest\/mp\/v1\.1\/ai-tagging\/configurations<\/code>/);
  });

  it('starts the summary with a line per module, before the per-target tallies', () => {
    const summary = formatSummary({ checks, errors: [] }, 'target https://staging.example.com (TARGET_VERSION 8.0)');
    const lines = summary.split('\n');
    const media = lines.findIndex((line) => line.trimStart().startsWith('Media module'));
    expect(media).toBeGreaterThan(0);
    expect(media).toBeLessThan(lines.findIndex((line) => line.includes('staging 8.0') && line.includes('passed,')));
    expect(lines[media]).toMatch(/Media module\s+1 removed, 2 deprecated, 5 changed, 12 added; findings: 2 to act on, worst: not served: GET \/rest\/mp\/v1\.1\/ai-tagging\/configurations on staging 8\.0/);
  });
});

describe('the rows', () => {
  it('fill "Use instead" on every removed, deprecated and breaking row: the spec\'s replacement or "none named by the spec"', () => {
    for (const row of report.rows) {
      const needs = row.changeKinds.some((kind) => ['removed', 'deprecated', 'breaking'].includes(kind));
      expect(row.useInstead !== undefined, row.id).toBe(needs);
    }
    expect(report.rows.find((row) => row.id === 'media.vdb-workflow-steps')?.useInstead).toBe('GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps');
    expect(report.rows.find((row) => row.id === 'planning.usergroups-all')?.useInstead).toBe(noneNamedBySpec);
    const markdownRow = markdown.split('\n').find((line) => line.startsWith('| `GET /maps/rest/api/{version}/node-type/icons/download/{typeId}`')) ?? '';
    expect(markdownRow).toMatch(/\| \*\*breaking\*\* \|.*\| none named by the spec \|$/);
  });

  it('say what a check did and which schema, in words, with no slug of a check or a schema', () => {
    const jobs = report.rows.find((row) => row.id === 'job.assets-jobs');
    expect(jobs?.versions['7.4']?.observed).toEqual(['probed before 8.0: HTTP 404']);
    expect(jobs?.versions['8.0']?.observed).toEqual(['called: HTTP 200, body checked against the 8.0 “Jobs or products containing an asset” schema']);
    const asset = report.rows.find((row) => row.id === 'media.asset')?.versions['8.0']?.observed.join('\n') ?? '';
    expect(asset).toContain('body against the 8.0 “Asset” schema: (root): expected required property assetSets');
    for (const text of [markdown, html]) {
      expect(text).not.toMatch(/(?:^|; |<li>|\| )(?:served|gone|replacement-served|absent-before-8\.0):/m);
      expect(text).not.toMatch(/\b(?:job|planning|media|review|template-builder|shop)\.[\w-]+\.(?:served|gone|replacement-served|absent-before-8\.0)\b/);
      expect(text).not.toMatch(/(?<![\w/.])(?:7\.4|8\.0|common)\/[a-z][\w-]+/);
    }
  });
});

describe('the HTML', () => {
  it('holds every section the Markdown holds, the deprecated endpoints\' table included', () => {
    const markdownHeadings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');
    for (const heading of markdownHeadings) expect(html, heading).toContain(`>${heading.replace(/&/g, '&amp;').replace(/→/g, '→')}</h`);
    expect(html).toContain('<h2 id="deprecated">Deprecated in 8.0</h2>');
    const deprecatedRows = report.rows.filter((row) => row.changeKinds.includes('deprecated'));
    expect(html.split('<table class="deprecated">')[1]?.split('</table>')[0]?.match(/<tr><td>/g)).toHaveLength(deprecatedRows.length);
  });

  it('filters by change kind: each kind a radio button, each row its kinds, a "removed/deprecated" row under both', () => {
    expect(html).toContain('<input type="radio" name="kind" id="kind-removed">');
    expect(html).toContain('body:has(#kind-removed:checked) tr.change:not([data-kinds~="removed"]) { display: none; }');
    expect(html).toMatch(/<tr class="change breaks" data-module="media" data-kinds="removed deprecated" data-verdict="[\w-]+" id="media\.archive-entries-asset">/);
  });

  it('shows "Your integration" first: its line heads the report, its section comes before the endpoint tables, in both formats', () => {
    expect(markdown.indexOf('> **Your integration:** Impact on 8.0: 3 distinct calls: 1 breaks')).toBeLessThan(markdown.indexOf('## What breaks'));
    expect(html.indexOf('<p class="leading"><strong>Your integration:</strong> Impact on 8.0: 3 distinct calls: 1 breaks')).toBeLessThan(html.indexOf('id="what-breaks"'));
    expect(markdown.indexOf('## Your integration')).toBeLessThan(markdown.indexOf('## Every documented change'));
    expect(markdown.indexOf('## Contract breaks')).toBeGreaterThan(markdown.indexOf('## Every documented change'));
    expect(html.indexOf('<h2 id="your-integration">Your integration</h2>')).toBeLessThan(html.indexOf('<h2 id="changes">'));
    expect(report.sections.map((section) => section.title)).toEqual(['Your integration', 'Contract breaks 7.4 → 8.0']);
  });
});

describe('a finding whose message announces its evidence on the next line', () => {
  it('carries the target\'s answer in its headline, not a line ending in a colon', () => {
    const endpoint = 'GET /rest/mp/v1.2/assets/{assetId}';
    const contract: CheckResult = {
      project: 'staging 8.0',
      version: '8.0',
      file: 'suites/contracts/contracts.test.ts',
      id: 'contract.media.asset-with-sets',
      name: 'the target keeps the contract: a request for an asset with its asset sets [contract.media.asset-with-sets]',
      state: 'failed',
      endpoint,
      error: 'the target breaks the contract "a request for an asset with its asset sets":\n    BodyMismatch $: Actual map is missing the following keys: assetSets\n',
    };
    const media = buildMigrationReport({ checks: [contract], errors: [] }, { now: new Date('2026-11-26T05:00:00Z') }).whatBreaks.modules.find((current) => current.module === 'media');
    expect(media?.findings.map((finding) => finding.evidence)).toEqual([
      'breaks the contract "a request for an asset with its asset sets": BodyMismatch $: Actual map is missing the following keys: assetSets',
    ]);
  });
});

describe('an OAuth check\'s finding', () => {
  it('belongs to no module, whichever module endpoint it probed with its token', () => {
    const expiry: CheckResult = {
      project: 'staging 8.0',
      version: '8.0',
      file: 'suites/auth/expiry.test.ts',
      id: 'auth.expired-token-403',
      name: 'an expired access token is answered with 403 [auth.expired-token-403]',
      state: 'failed',
      endpoint: 'GET /dse/rest/v1.0/dashboards/my-active',
      error: 'the target still accepted an access token (200) 30.0s after expires_in, past EXPIRY_LEEWAY_S=30s, not what spec §5.7 says: …',
    };
    const breaks = buildMigrationReport({ checks: [expiry], errors: [] }, { now: new Date('2026-11-26T05:00:00Z') }).whatBreaks;
    expect(breaks.modules.flatMap((module) => module.findings)).toEqual([]);
    expect(breaks.otherFindings.map((finding) => finding.failedChecks)).toEqual([1]);
  });
});
