/**
 * A suite file whose check is rotating a refresh token when the run is
 * cancelled (RUN_TIMEOUT_S): it holds the token store's lock, says so (the
 * file `locked`), waits for its grant's answer (the file `answered`), then
 * stores the rotated pair (writes `stored`). Paths from ROTATION_FIXTURE
 * (lock, answered, stored, locked; one per line).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { it } from 'vitest';
import { withFileLock } from '../../../src/auth/file-lock.ts';

const [lockPath = '', answered = '', stored = '', locked = ''] = (process.env.ROTATION_FIXTURE ?? '').split('\n');

it('is rotating when the run is cancelled', async () => {
  await withFileLock(lockPath, async () => {
    writeFileSync(locked, '');
    while (!existsSync(answered)) await sleep(20);
    writeFileSync(stored, 'the rotated pair\n');
  });
});
