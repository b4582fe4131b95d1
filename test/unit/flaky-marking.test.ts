/**
 * A check that needed a retried request is never a plain pass: its Allure
 * result gets `statusDetails.flaky`, and the console summary lists it with
 * the requests that were retried.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markFlakyResults } from '../../src/report/allure-flaky.ts';
import { formatSummary } from '../../src/report/summary.ts';
import type { CheckResult } from '../../src/runner/results.ts';

const retried: CheckResult = { project: 'embedded 8.0', version: '8.0', file: 'suites/x.test.ts', id: 'job.list.served', name: 'n [job.list.served]', state: 'passed', retried: 'GET /dse/rest/v1.0/jobs: 2 attempts' };
const { retried: _unused, ...withoutRetry } = retried;
const plain: CheckResult = { ...withoutRetry, id: 'job.other.served', name: 'n [job.other.served]' };

function allureResult(id: string, target: string): object {
  return { uuid: id, status: 'passed', statusDetails: {}, labels: [{ name: 'check', value: id }], parameters: [{ name: 'target', value: target }] };
}

describe('flaky checks', () => {
  it('marks the Allure result of a retried check flaky, and only that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-flaky-'));
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(allureResult('job.list.served', 'embedded 8.0')));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify(allureResult('job.list.served', 'embedded 7.4')));
    writeFileSync(join(dir, 'c-result.json'), JSON.stringify(allureResult('job.other.served', 'embedded 8.0')));
    expect(await markFlakyResults(dir, [retried, { ...plain }])).toBe(1);
    const read = (name: string): { statusDetails: { flaky?: boolean } } => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { statusDetails: { flaky?: boolean } };
    expect(read('a-result.json').statusDetails.flaky).toBe(true);
    expect(read('b-result.json').statusDetails.flaky).toBeUndefined();
    expect(read('c-result.json').statusDetails.flaky).toBeUndefined();
  });

  it('the summary lists a retried check, passed or not, with its retried requests', () => {
    const summary = formatSummary({ checks: [retried, { ...plain }], errors: [] }, 'target');
    expect(summary).toContain('flaky (requests retried after a reset or a 502/503/504):');
    expect(summary).toContain('~ embedded 8.0 job.list.served (passed): GET /dse/rest/v1.0/jobs: 2 attempts');
    expect(summary).not.toContain('job.other.served (passed)');
  });
});
