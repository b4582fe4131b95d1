/**
 * Child process of test/simulator/removed-endpoints-gone.test.ts: runs the
 * lifecycle suites of the modules with removed endpoints (job, media,
 * template builder) against an embedded 8.0 platform that answers them 410
 * Gone, and writes the per-check results into OUT.
 * Usage: node --import tsx test/support/removed-endpoints/run-lifecycles.ts OUT
 */
import { writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../../src/config/config.ts';
import { runSuites } from '../../../src/runner/run-suites.ts';

const out = process.argv[2];
if (out === undefined) {
  process.stderr.write('usage: node --import tsx test/support/removed-endpoints/run-lifecycles.ts OUT\n');
  process.exit(64);
} else {
  const config = loadConfig({ env: {}, envFile: '/dev/null' });
  const results = await runSuites({
    config,
    plan: [{ name: 'removed endpoints gone 8.0', version: '8.0', faults: [], removedEndpoints: 'gone' }],
    filters: ['suites/modules/job/lifecycle.test.ts', 'suites/modules/media/lifecycle.test.ts', 'suites/modules/template-builder/lifecycle.test.ts'],
    reporters: [],
    vitestOutput: new PassThrough().resume(),
  });
  await writeFile(out, JSON.stringify(results));
}
// The test judges the results.
process.exitCode = 0;
