/**
 * MAX_CONCURRENCY bounds the run, not each of its threads: through the user's command, a run whose suite workers each
 * keep requests going (`--latency-ms`, a suite worker per permit) never has more than MAX_CONCURRENCY of them in flight
 * at the target. The workers join the permits the run provides them (src/http/permits-setup.ts); a worker with a copy
 * of its own would let as many through again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunVerify } from '../support/verify-command.ts';

describe('npm run verify with MAX_CONCURRENCY=3 on a slow network', () => {
  it('never has more than 3 requests in flight at the target, over every suite worker', async () => {
    const reportsDir = mkdtempSync(join(tmpdir(), 'ug-run-bound-'));
    const outcome = await npmRunVerify(['--version', '8.0', '--suites', 'modules', '--latency-ms', '20'], { MAX_CONCURRENCY: '3', REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(0);
    // verify --latency-ms prints what the embedded target served (src/run-targets/traffic.ts).
    const peaks = [...outcome.stdout.matchAll(/^Traffic embedded 8\.0: \d+ requests, .*, peak (\d+) in flight/gm)].map((match) => Number(match[1]));
    expect(peaks).toHaveLength(1);
    expect(peaks[0]).toBeGreaterThan(0);
    expect(peaks[0]).toBeLessThanOrEqual(3);
  }, HANG_TEST_TIMEOUT_MS);
});
