/**
 * Child process of the kill matrix: runs every suite against the clean
 * platform and against each fault, in one vitest run with one project per
 * run target, and writes the per-check results as JSON.
 * Usage: tsx test/kill-matrix/run-matrix.ts OUT.json [FAULT ...]
 */
import { writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../src/config/config.ts';
import { runSuites } from '../../src/runner/run-suites.ts';
import { isFaultName } from '../../simulator/faults/index.ts';
import { killMatrixPlan } from './plan.ts';

const [out, ...only] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: run-matrix.ts OUT.json [FAULT ...]\n');
  process.exit(64);
}
const faults = only.filter(isFaultName);
// The matrix judges the embedded platform with the defaults; a developer's .env and environment must not redirect it.
const results = await runSuites({
  config: loadConfig({ env: {}, envFile: '/dev/null' }),
  plan: killMatrixPlan(faults.length > 0 ? faults : undefined),
  reporters: [],
  vitestOutput: new PassThrough().resume(),
});
await writeFile(out, JSON.stringify(results));
// Failing checks are the point of the matrix; the parent judges the results.
process.exitCode = 0;
