/**
 * On a real run (_run-unserved-contract.ts: an embedded 8.0 without the
 * review's general information), the contract interaction of that endpoint
 * is not checked, pointing at the served check that holds the finding; with
 * the served check left out of the run (`--only contract.*`) it fails, its
 * headline naming the finding. The other interactions keep their verdicts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, RunResults } from '../../src/runner/results.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const run = promisify(execFile);
const repo = new URL('../../', import.meta.url).pathname;

let runs: { whole: RunResults; contractsOnly: RunResults };

beforeAll(async () => {
  const work = await mkdtemp(join(tmpdir(), 'ug-unserved-contract-'));
  // Only catches a hang: the runs end by themselves.
  await run(process.execPath, [...loadTypeScript, 'test/contracts/_run-unserved-contract.ts', work], { cwd: repo, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' }, timeout: HANG_TIMEOUT_MS });
  runs = JSON.parse(await readFile(join(work, 'results.json'), 'utf8')) as typeof runs;
}, HANG_TEST_TIMEOUT_MS);

function checkOf(results: RunResults, id: string): CheckResult {
  const found = results.checks.find((check) => check.id === id);
  if (!found) throw new Error(`${id} did not run`);
  return found;
}

describe('a contract interaction whose endpoint is not served', () => {
  it('is not checked, pointing at the served check, which fails with the finding', () => {
    const served = checkOf(runs.whole, 'review.general-info.served');
    expect(served.state).toBe('failed');
    const contract = checkOf(runs.whole, 'contract.review.general-info');
    expect(contract).toMatchObject({
      state: 'skipped',
      note: 'not checked: GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info is not served (404; finding review.general-info.served)',
      finding: 'review.general-info.served',
      endpoint: 'GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info',
    });
  });

  it('leaves the other interactions as they are', () => {
    const others = runs.whole.checks.filter((check) => check.id.startsWith('contract.') && check.id !== 'contract.review.general-info');
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((check) => check.state === 'failed').map((check) => check.id)).toEqual([]);
  });

  it('fails, naming the finding, when the served check is not in the run (--only)', () => {
    expect(runs.contractsOnly.checks.some((check) => check.id === 'review.general-info.served')).toBe(false);
    const contract = checkOf(runs.contractsOnly, 'contract.review.general-info');
    expect(contract.state).toBe('failed');
    expect(contract.error).toContain('because GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info is not served (404; finding review.general-info.served)');
  });
});
