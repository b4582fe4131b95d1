/**
 * A suite file ends only once the refresh-token rotations it started are
 * stored (src/run-targets/rotations-setup.ts): a check that RUN_TIMEOUT_S or
 * a failure left may still be rotating, and vitest may stop the worker once
 * the file ends. Run through vitest's node API on a fixture whose rotation
 * gets its answer only after the check and the file's own hooks are done
 * (test/support/rotation-at-file-end/). Without the setup file the pair is
 * not stored when the file ends.
 */
import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

const root = new URL('../..', import.meta.url).pathname;

it('a file ends once its rotation has stored the pair', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'test/support/rotation-at-file-end/run.ts'], { cwd: root, timeout: HANG_TIMEOUT_MS }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
    );
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  expect(JSON.parse(line?.slice('RESULT '.length) ?? 'null')).toEqual({ storedAtFileEnd: true });
});
