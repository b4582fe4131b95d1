/**
 * Runs one of the scripts that drive vitest's node API on fixtures
 * (test/support/rotation-at-file-end/run.ts, built on fixture-script.ts)
 * in a process of its own, and returns what it printed after its `RESULT `
 * marker. A run that hangs ends at the hang bound, as an error.
 */
import { execFile } from 'node:child_process';
import { loadTypeScript } from '../../src/node-arguments.ts';
import { HANG_TIMEOUT_MS } from './hang-timeout.ts';

const root = new URL('../..', import.meta.url).pathname;

export async function fixtureRunResult(script: string, mode: string): Promise<unknown> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [...loadTypeScript, script, mode], { cwd: root, timeout: HANG_TIMEOUT_MS }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
    );
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  return JSON.parse(line?.slice('RESULT '.length) ?? 'null');
}
