/**
 * A describe block whose beforeAll throws leaves its checks skipped with no
 * note of vitest's own, and the error on the block, not on a check: the
 * results carry it as an error of the run (so verify exits 1, never a green
 * run) and give each skipped check the setup's failure as its reason.
 */
import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import type { RunResults } from '../../src/runner/results.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const root = new URL('../..', import.meta.url).pathname;

it('a failed setup is an error of the run, and the reason its checks did not run', async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [...loadTypeScript, 'test/support/setup-failure/collect.ts'], { cwd: root, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }, (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULTS '));
  const results = JSON.parse(line?.slice('RESULTS '.length) ?? 'null') as RunResults;
  expect(results.errors).toEqual([expect.stringContaining('a chain: the setup broke')]);
  expect(results.checks.map((check) => [check.id, check.state, check.note])).toEqual([
    ['demo.first', 'skipped', 'not run: the setup of "a chain" failed: the setup broke'],
    ['demo.second', 'skipped', 'not run: the setup of "a chain" failed: the setup broke'],
  ]);
});
