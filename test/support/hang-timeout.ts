/**
 * Timeouts in the project's own tests only catch hangs; they never measure
 * (time bounds belong in `npm run bench`). A test that runs a command, a
 * platform or a whole verify must pass on a busy two-core runner whose CPU
 * it shares with other jobs, so its bound is far beyond any honest run.
 */

/** A child process (`npm run verify`, `npm run sim`, the kill matrix's run) and the test or hook that waits for it. */
export const HANG_TIMEOUT_MS = 30 * 60_000;

/** What a test or hook waiting on `HANG_TIMEOUT_MS` of child work allows itself: the child is stopped first. */
export const HANG_TEST_TIMEOUT_MS = HANG_TIMEOUT_MS + 60_000;
