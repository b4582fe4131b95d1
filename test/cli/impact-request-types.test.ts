/**
 * `npm run impact --har` on a recorded planning node copy whose `filteredIds` are integers: spec §2 types the node
 * copy request's `filteredIds` as an array of strings, so the report names each member sent with another type; the
 * same call with strings gets no such finding.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-impact-request-types-'));

function nodeCopy(nodeId: number, filteredIds: readonly unknown[]): unknown {
  return {
    request: {
      method: 'POST',
      url: `https://platform.example.com/maps/rest/api/v1.0/node/${nodeId}/copy/9`,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      postData: { mimeType: 'application/json', text: JSON.stringify({ filteredIds }) },
    },
    response: { status: 200 },
  };
}

it('integer filteredIds in a HAR body are named; string ones are not', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
  const cases = [
    { name: 'integers', ids: [4711, 4712], finding: true },
    { name: 'strings', ids: ['4711', '4712'], finding: false },
  ];
  for (const { name, ids, finding } of cases) {
    const har = join(dir, `${name}.har`);
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', entries: [nodeCopy(5, ids)] } }));
    const reportsDir = join(dir, name);
    const outcome = await npmRunImpact(['--har', har], { REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(0);
    const { report, markdown } = readImpactFiles(reportsDir);
    const [call] = report.calls;
    expect(call?.endpoint).toBe('/maps/rest/api/{version}/node/{nodeId}/copy/{parentId}');
    // Deprecated (spec §4.3): `replace` either way; a finding never lowers a verdict.
    expect(call?.verdict).toBe('replace');
    const named = call?.reasons.filter((reason) => reason.startsWith('sends request /filteredIds/')) ?? [];
    expect(named, name).toEqual(finding ? ['sends request /filteredIds/0 as 4711; 8.0 takes string there (spec §2, §4.3)', 'sends request /filteredIds/1 as 4712; 8.0 takes string there (spec §2, §4.3)'] : []);
    if (finding) expect(markdown).toContain('sends request /filteredIds/0 as 4711');
  }
});
