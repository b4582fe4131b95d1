/**
 * The impact analysis in process: matching calls to the spec's endpoints,
 * the verdict table, the call-list parser, the HAR shape, the HTML page and
 * the migration report's "Your integration" section.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byVerdict, groupCalls, judge, summarize } from '../../src/impact/analyze.ts';
import { checkHarShape } from '../../src/impact/har-shape.ts';
import { integrationSection } from '../../src/impact/integration-section.ts';
import { matchEndpoint } from '../../src/impact/match.ts';
import { parseCallList } from '../../src/impact/read-calls.ts';
import { renderImpactHtml } from '../../src/impact/render-html.ts';
import type { ImpactReport } from '../../src/impact/types.ts';
import { writeImpactReports } from '../../src/impact/write-reports.ts';
import { registerHeaderSecrets } from '../../src/impact/redact-call.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { isUpgradeGuardError } from '../../src/errors.ts';

const vectors = [
  // the most specific template wins
  { call: 'GET /maps/rest/api/v1.0/view/all', match: 'entry planning.view-all' },
  { call: 'GET /maps/rest/api/latest/view/17', match: 'entry planning.view-get' },
  { call: 'GET /maps/rest/api/v3.20.1/view/{viewId}', match: 'entry planning.view-get' },
  // a `{version}` segment must look like one (spec §9.2)
  { call: 'GET /maps/rest/api/beta/view/all', match: 'module planning' },
  { call: 'GET /rest/mp/v1.2/virtual-databases/11/workflow-steps', match: 'replacement media.vdb-workflow-steps' },
  { call: 'GET /cas/api/v1.1/authorization', match: 'authorization 7.4' },
  { call: 'GET /oauth2/auth', match: 'authorization 8.0' },
  { call: 'POST /cas/api/v1.1/token', match: 'token' },
  { call: 'GET /static/app.js', match: 'outside' },
] as const;

describe('matchEndpoint', () => {
  for (const vector of vectors) {
    it(`${vector.call} → ${vector.match}`, () => {
      const [method, path] = vector.call.split(' ');
      const match = matchEndpoint(method === 'POST' ? 'POST' : 'GET', path ?? '');
      const described =
        match.kind === 'entry' || match.kind === 'replacement' ? `${match.kind} ${match.entry.id}`
        : match.kind === 'authorization' ? `authorization ${match.version}`
        : match.kind === 'module' ? `module ${match.module}`
        : match.kind;
      expect(described).toBe(vector.match);
    });
  }
});

describe('verdicts', () => {
  const secrets = new SecretRegistry();
  const calls = parseCallList(
    [
      'GET /rest/mp/v1.1/assets/77401',
      'GET /rest/mp/v1.1/assets/{assetId}   # the same call, templated',
      'DELETE /dse/rest/v1/dse-object/1/2/participants/0b4c6f0e-2f6e-4a55-9d9e-1c4f3f2a8b10',
      'DELETE /dse/rest/v1/dse-object/1/2/participants/1042',
    ].join('\n'),
    'calls.txt',
    secrets,
  );

  it('counts a concrete and a templated call to one endpoint once', () => {
    const groups = groupCalls(calls);
    expect(groups.map((group) => `${group.method} ${group.endpoint} ×${group.calls.length}`)).toEqual([
      'GET /rest/mp/v1.1/assets/{assetId} ×2',
      'DELETE /dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants/{userUUID} ×2',
    ]);
  });

  it('raises an added endpoint to review when a call gives a numeric user id where 8.0 wants a UUID', () => {
    const impacts = groupCalls(calls).map(judge).sort(byVerdict);
    expect(impacts.map((impact) => impact.verdict)).toEqual(['review', 'review']);
    expect(impacts.find((impact) => impact.method === 'DELETE')?.reasons.some((reason) => reason.includes('1042, a numeric user id'))).toBe(true);
    expect(summarize(impacts)).toEqual({ blocking: 0, replace: 0, review: 2, unchanged: 0, unknown: 0 });
  });

  it('reads a body field the spec renames and a response whose type 8.0 changes', () => {
    const [review, shop] = groupCalls([
      { method: 'POST', path: '/rm/rest/v1.0/reviews/_create-review-object', query: '', source: 'pact', origin: 'p', requestBody: { flagCreateJmsCommentfield: true } },
      { method: 'POST', path: '/shop/api/rest/v1.0/search/advanced', query: '', source: 'pact', origin: 'p', requestBody: { conditions: [] }, responseBody: [] },
    ]).map(judge);
    expect(review?.verdict).toBe('review');
    expect(review?.reasons.join('\n')).toContain('`flagCreateJmsCommentfield`, which 8.0 names `flagCreateJmsComment`');
    expect(shop?.verdict).toBe('blocking');
    expect(shop?.reasons.join('\n')).toContain('sends request property `conditions`, which 8.0 removes');
    expect(shop?.reasons.join('\n')).toContain('reads response (root) as array (0 items); 8.0 sends object');
  });

  it('reads a request member sent with a type the 8.0 request schema does not take (spec §2: filteredIds are strings)', () => {
    const copy = (filteredIds: unknown[]) => ({ method: 'POST', path: '/maps/rest/api/v1.0/node/5/copy/6', query: '', source: 'har', origin: 'h', requestBody: { filteredIds } }) as const;
    const [integers] = groupCalls([copy([4711, 4712])]).map(judge);
    expect(integers?.reasons.join('\n')).toContain('sends request /filteredIds/0 as 4711; 8.0 takes string there (spec §2, §4.3)');
    const [strings] = groupCalls([copy(['4711'])]).map(judge);
    expect(strings?.reasons.join('\n')).not.toContain('sends request');
  });
});

describe('parseCallList', () => {
  for (const line of ['FETCH /a', 'GET', 'GET /a extra', 'GET a-relative-path']) {
    it(`refuses "${line}" naming the line`, () => {
      let caught: unknown;
      try {
        parseCallList(`# header\n${line}`, 'calls.txt', new SecretRegistry());
      } catch (error) {
        caught = error;
      }
      expect(isUpgradeGuardError(caught) && caught.code === 'CONFIG_INVALID' && caught.message.includes('calls.txt:2')).toBe(true);
    });
  }
});

describe('checkHarShape', () => {
  it('names the first place a HAR departs from the shape', () => {
    expect(checkHarShape({ log: { version: '1.2', entries: [{ request: { method: 'GET', url: 'https://x/', headers: [] }, response: {} }] } })).toEqual({
      error: "/log/entries/0/response: must have required property 'status'",
    });
  });
});

const report: ImpactReport = {
  generatedAt: '2026-11-24T05:00:00.000Z',
  mode: 'offline',
  inputs: ['calls.txt (1 calls)'],
  summary: { blocking: 0, replace: 1, review: 0, unchanged: 0, unknown: 0 },
  calls: [
    {
      method: 'GET',
      endpoint: '/rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps',
      examples: ['/rest/mp/v1.1/virtual-databases/11/workflow-steps'],
      origins: ['calls.txt:1'],
      verdict: 'replace',
      replacement: 'GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps',
      reasons: ['deprecated in 8.0 (spec §4.4)'],
    },
  ],
};

describe('the reports', () => {
  it('the HTML page is self-contained: no script, no outside resource', () => {
    const html = renderImpactHtml(report);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    // Paths carry <wbr> break points (test/report/impact-html.test.ts reads the page as shown).
    expect(html.replaceAll('<wbr>', '')).toContain('<code>GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps</code>');
  });

  it('an impact run in REPORTS_DIR gives the migration report its "Your integration" section', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-impact-section-'));
    expect(await integrationSection(dir)).toBeUndefined();
    await writeImpactReports(dir, report, new SecretRegistry());
    const section = await integrationSection(dir);
    expect(section?.title).toBe('Your integration');
    expect(section?.markdown).toContain('1 distinct call: 0 blocking, 1 replace');
    expect(section?.markdown).toContain('`GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps`');
    expect(section?.data).toEqual(report);
  });
});

describe('registerHeaderSecrets', () => {
  it('takes the value of each cookie and of the one Set-Cookie pair, not the cookie attributes', () => {
    const secrets = new SecretRegistry();
    registerHeaderSecrets('Cookie', 'JSESSIONID=cookie-value-123456; theme=dark-mode-on', secrets);
    registerHeaderSecrets('Set-Cookie', 'SESSION=set-cookie-value-7890; Path=/; HttpOnly; SameSite=Strict', secrets);
    registerHeaderSecrets('Authorization', 'Bearer bearer-value-abcdef', secrets);
    expect(secrets.scrub('cookie-value-123456 dark-mode-on set-cookie-value-7890 bearer-value-abcdef HttpOnly Strict')).toBe(
      '[REDACTED] [REDACTED] [REDACTED] [REDACTED] HttpOnly Strict',
    );
  });
});
