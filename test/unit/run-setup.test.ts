/**
 * The run's setup (src/runner/run-setup.ts) logs in before the workers
 * start: a refused login is the run's one coded failure, its password
 * scrubbed, and the run never starts, so no check runs without its
 * sessions.
 */
import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const root = new URL('../..', import.meta.url).pathname;
const marker = 'LOGIN-REFUSED ';
const wrongPassword = 'pw-refused-do-not-print-0123456789';

it('a refused login ends the run before it starts and is its one coded failure, without the password', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [...loadTypeScript, 'test/support/login-refused/run.ts'], { cwd: root, timeout: HANG_TIMEOUT_MS, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
  const line = stdout.split('\n').find((text) => text.startsWith(marker));
  const outcome = JSON.parse(line?.slice(marker.length) ?? 'null') as { started: boolean; ran: number; failure?: { code: string; message: string } };
  expect(outcome.started).toBe(false);
  expect(outcome.ran).toBe(0);
  expect(outcome.failure?.code).toBe('LOGIN_FAILED');
  expect(outcome.failure?.message).not.toContain(wrongPassword);
  expect(stdout).not.toContain(wrongPassword);
});
