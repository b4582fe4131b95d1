/**
 * A check that needed a retried request is never a plain pass: its Allure
 * result gets `statusDetails.flaky`, and the console summary lists it with
 * the requests that were retried. A check vitest never ran is skipped in
 * Allure with the reason the other reports give, never a result without a status.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markFlakyResults, markNotRunResults, markOverruledResults } from '../../src/report/allure-amendments.ts';
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

describe('checks the end of the run kept from running', () => {
  it('are skipped in Allure with their reason, matched by name and target; results that have a status are left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-never-ran-'));
    const note = "not run: the run's time ran out (RUN_TIMEOUT_S=8 s)";
    const neverRan: CheckResult = { ...plain, state: 'skipped', note, labels: { module: 'job', feature: 'unchanged', story: 'GET /dse/rest/v1.0/other', spec: '§4.2' } };
    const pending = (target: string): object => ({ uuid: target, name: neverRan.name, titlePath: ['suites', 'x.test.ts', target], labels: [], parameters: [], statusDetails: {} });
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(pending('embedded 8.0')));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify(pending('embedded 7.4')));
    writeFileSync(join(dir, 'c-result.json'), JSON.stringify(allureResult('job.list.served', 'embedded 8.0')));
    writeFileSync(join(dir, 'd-container.json'), JSON.stringify({ uuid: 'container' }));
    expect(await markNotRunResults(dir, [neverRan, retried])).toBe(2);
    const read = (name: string): { status?: string; statusDetails: { message?: string } } => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { status?: string; statusDetails: { message?: string } };
    expect([read('a-result.json').status, read('a-result.json').statusDetails.message]).toEqual(['skipped', note]);
    // It never started, so check() wrote none of its labels: filed under its module and named as check() names it.
    const filed = JSON.parse(readFileSync(join(dir, 'a-result.json'), 'utf8')) as { name: string; labels: { name: string; value: string }[]; parameters: { name: string; value: string }[] };
    expect(filed.name).toBe('n [job.other.served] · embedded 8.0');
    expect(filed.labels).toEqual([
      { name: 'epic', value: 'job' },
      { name: 'feature', value: 'unchanged' },
      { name: 'story', value: 'GET /dse/rest/v1.0/other' },
      { name: 'spec', value: '§4.2' },
      { name: 'check', value: 'job.other.served' },
    ]);
    expect(filed.parameters).toEqual([{ name: 'version', value: '8.0' }, { name: 'target', value: 'embedded 8.0' }]);
    // No check of that target: the general reason.
    expect([read('b-result.json').status, read('b-result.json').statusDetails.message]).toEqual(['skipped', 'not run: the run ended before it ran']);
    expect([read('c-result.json').status, read('c-result.json').statusDetails.message]).toEqual(['passed', undefined]);
    expect(await markNotRunResults(join(dir, 'absent'), [neverRan])).toBe(0);
    // The same check of two targets, each with its own reason: each result gets its target's.
    const twoTargets = mkdtempSync(join(tmpdir(), 'ug-never-ran-'));
    writeFileSync(join(twoTargets, 'a-result.json'), JSON.stringify(pending('embedded 7.4')));
    writeFileSync(join(twoTargets, 'b-result.json'), JSON.stringify(pending('embedded 8.0')));
    const interrupted = 'not run: the run was stopped by SIGINT (INTERRUPTED)';
    expect(await markNotRunResults(twoTargets, [{ ...neverRan, project: 'embedded 7.4', note: interrupted }, neverRan])).toBe(2);
    const messageOf = (name: string): string | undefined => (JSON.parse(readFileSync(join(twoTargets, name), 'utf8')) as { statusDetails: { message?: string } }).statusDetails.message;
    expect([messageOf('a-result.json'), messageOf('b-result.json')]).toEqual([interrupted, note]);
  });

  it('a check vitest cancelled mid-run gets its reason too; a skip that has its own is left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-cancelled-'));
    const note = "not run: the run's time ran out (RUN_TIMEOUT_S=8 s)";
    // check() had named it (`title [id] · target`) and written its target before vitest cancelled it.
    const cancelled = { uuid: 'c', name: `${plain.name} · embedded 8.0`, status: 'skipped', titlePath: ['suites', 'x.test.ts', 'embedded 8.0'], labels: [], parameters: [{ name: 'target', value: 'embedded 8.0' }], statusDetails: {} };
    const ownReason = { ...cancelled, uuid: 'o', description: 'Skipped: the 8.0 authorization request takes no scope parameter (spec §4.1, §9.1)' };
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(cancelled));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify(ownReason));
    // A skip the run's results do not know of is not given a reason that may not be its own.
    writeFileSync(join(dir, 'c-result.json'), JSON.stringify({ ...cancelled, uuid: 'u', name: 'a skip of its own [job.unknown.served] · embedded 8.0' }));
    expect(await markNotRunResults(dir, [{ ...plain, state: 'skipped', note }])).toBe(1);
    expect((JSON.parse(readFileSync(join(dir, 'c-result.json'), 'utf8')) as { description?: string }).description).toBeUndefined();
    const read = (name: string): { description?: string; statusDetails: { message?: string } } => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { description?: string; statusDetails: { message?: string } };
    expect([read('a-result.json').description, read('a-result.json').statusDetails.message]).toEqual([`Skipped: ${note}`, note]);
    expect([read('b-result.json').description, read('b-result.json').statusDetails.message]).toEqual([ownReason.description, undefined]);
  });
});

describe('passes the run overruled', () => {
  it('are skipped in Allure with their reason; the other results are left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-overruled-'));
    const note = 'not checked: target 8.0 served none of the 3 module endpoints the spec lists as served, so its 404 here proves nothing';
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(allureResult('job.list.served', 'embedded 8.0')));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify(allureResult('job.other.served', 'embedded 8.0')));
    expect(await markOverruledResults(dir, [{ ...plain, id: 'job.list.served', state: 'skipped', note }])).toBe(1);
    const read = (name: string): { status: string; statusDetails: { message?: string } } => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { status: string; statusDetails: { message?: string } };
    expect(read('a-result.json')).toMatchObject({ status: 'skipped', statusDetails: { message: note } });
    expect(read('b-result.json').status).toBe('passed');
  });
});
