/**
 * Setup file of every suite file: its checks start once the shared sessions
 * of the project's targets are open (session-handoff.ts). The file's
 * modules load while the logins run. The wait is a hook with no timeout of
 * its own: each login is bounded by its requests' REQUEST_TIMEOUT_MS (past
 * RUN_TIMEOUT_S no new request is sent), and a slow login must not count
 * against a check's timeout.
 */
import { afterAll, beforeAll } from 'vitest';
import { lockedTasksSettled } from '../auth/file-lock.ts';
import { projectTargets } from './current-target.ts';
import { openedTarget } from './opened-target.ts';

beforeAll(async () => {
  await Promise.all(projectTargets().map(openedTarget));
}, Number.POSITIVE_INFINITY);

// A check that RUN_TIMEOUT_S or a failure left may still be rotating a refresh token (a grant already sent runs to
// its answer): the file ends, and vitest may stop this worker, only once the rotated pair is in the token store
// (spec §5.8; src/auth/file-lock.ts `lockedTasksSettled`, bounded by REQUEST_TIMEOUT_MS).
afterAll(async () => {
  await lockedTasksSettled();
}, Number.POSITIVE_INFINITY);
