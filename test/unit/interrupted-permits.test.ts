/**
 * Ctrl-C while a check holds a permit with a request in flight: vitest's
 * cancellation abandons the check and stops its worker, so the permit never
 * comes back. A hook of another file waiting for a permit then ends at once
 * with INTERRUPTED (src/http/run-permits.ts `stop`), instead of holding the
 * run until its own timeout. The fixture runs vitest's node API in a process
 * of its own (test/support/interrupted-permits/run.ts).
 */
import { describe, expect, it } from 'vitest';
import { fixtureRunResult } from '../support/fixture-run.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';

describe('a run stopped by a signal', () => {
  it('refuses the permit a hook waits for, held by a check the cancellation abandoned', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    expect(await fixtureRunResult('test/support/interrupted-permits/run.ts', '')).toEqual({ outcome: 'INTERRUPTED' });
  });
});
