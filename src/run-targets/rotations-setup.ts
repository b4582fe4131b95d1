/**
 * Setup file of every suite file: the file ends, and vitest may stop its worker, only once no lock operation of its
 * thread is under way (src/auth/file-lock.ts `lockOperationsSettled`):
 * - every refresh-token rotation the file started is in the token store: a check that RUN_TIMEOUT_S or a failure left
 *   may still be rotating (a grant already sent runs to its answer), and the spent refresh token does not come back
 *   (spec §5.8);
 * - no lock a check was still taking is left behind for the other threads to wait out.
 * Each is bounded (REQUEST_TIMEOUT_MS, the wait for the lock, the file bounds), so the hook has no timeout of its own.
 */
import { afterAll } from 'vitest';
import { lockOperationsSettled } from '../auth/file-lock.ts';

afterAll(async () => {
  await lockOperationsSettled();
}, Number.POSITIVE_INFINITY);
