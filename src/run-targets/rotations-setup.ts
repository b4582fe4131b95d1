/**
 * Setup file of every suite file: the file ends, and vitest may stop its
 * worker, only once every refresh-token rotation the file started is in the
 * token store. A check that RUN_TIMEOUT_S or a failure left may still be
 * rotating (a grant already sent runs to its answer), and the spent refresh
 * token does not come back (spec §5.8). src/auth/file-lock.ts
 * `lockedTasksSettled`; each rotation is bounded by REQUEST_TIMEOUT_MS and
 * the file bound, so the hook has no timeout of its own.
 */
import { afterAll } from 'vitest';
import { lockedTasksSettled } from '../auth/file-lock.ts';

afterAll(async () => {
  await lockedTasksSettled();
}, Number.POSITIVE_INFINITY);
