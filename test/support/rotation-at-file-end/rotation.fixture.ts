/**
 * A suite file whose check leaves a refresh-token rotation running: it holds
 * the token store's lock and waits for its grant's answer (the file
 * `answered`), then stores the rotated pair (writes `stored`). The answer
 * comes after the check and the file's own afterAll hook have ended (vitest
 * runs a test file's after-hooks before its setup files'). Paths from
 * ROTATION_FIXTURE (lock, answered, stored; one per line).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, it } from 'vitest';
import { withFileLock } from '../../../src/auth/file-lock.ts';

const [lockPath = '', answered = '', stored = ''] = (process.env.ROTATION_FIXTURE ?? '').split('\n');

it('leaves a rotation running', async () => {
  await new Promise<void>((locked) => {
    void withFileLock(lockPath, async () => {
      locked();
      while (!existsSync(answered)) await sleep(20);
      writeFileSync(stored, 'the rotated pair\n');
    });
  });
});

afterAll(() => {
  writeFileSync(answered, '');
});
