/**
 * Setup file of every suite file: its checks start once the shared sessions
 * of the project's targets are open (session-handoff.ts). The file's
 * modules load while the logins run. The wait is a hook with no timeout of
 * its own: each login is bounded by its requests' REQUEST_TIMEOUT_MS (past
 * RUN_TIMEOUT_S no new request is sent), and a slow login must not count
 * against a check's timeout.
 */
import { beforeAll } from 'vitest';
import { projectTargets } from './current-target.ts';
import { openedTarget } from './opened-target.ts';

// Read while the file loads: the targets that run this file (current-target.ts).
const targets = projectTargets();

beforeAll(async () => {
  await Promise.all(targets.map(openedTarget));
}, Number.POSITIVE_INFINITY);
