/**
 * A refresh-token rotation a check started is stored before vitest may stop
 * its worker (spec §5.8: the spent refresh token does not come back):
 * - at the end of a file whose check left it running
 *   (src/run-targets/rotations-setup.ts);
 * - when RUN_TIMEOUT_S cancels the run while the check rotates: the
 *   cancellation waits for the run's locked tasks over every thread
 *   (src/runner/run-suites.ts `cancelOn`, src/http/run-permits.ts).
 * Run through vitest's node API on fixtures whose rotation gets its answer
 * only after the file's own hooks, or after the cancellation was asked for
 * (test/support/rotation-at-file-end/). Without the setup file, or with a
 * cancellation that does not wait, the pair is not stored by then.
 */
import { describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { fixtureRunResult } from '../support/fixture-run.ts';

const runFixture = (mode: 'file-end' | 'cancel'): Promise<unknown> => fixtureRunResult('test/support/rotation-at-file-end/run.ts', mode);

describe.concurrent('a rotation under way outlives its check', () => {
  it('a file ends once its rotation has stored the pair', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    expect(await runFixture('file-end')).toEqual({ storedAtFileEnd: true });
  });

  it('a run cancelled at RUN_TIMEOUT_S stops its workers once the rotation has stored the pair', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    expect(await runFixture('cancel')).toEqual({ storedAtReturn: true });
  });
});
