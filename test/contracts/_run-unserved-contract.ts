/**
 * Child process of unserved-contract.test.ts: runs the contract suite and
 * the review lifecycle suite against an embedded 8.0 that does not serve
 * the review's general information (fault review-general-info-missing),
 * once whole and once with `--only contract.*` (the served check left out);
 * writes both runs' per-check results into OUT/results.json.
 * Usage: node --import tsx test/contracts/_run-unserved-contract.ts OUT
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../src/config/config.ts';
import { runSuites } from '../../src/runner/run-suites.ts';
import type { RunTarget } from '../../src/run-targets/run-plan.ts';

const out = process.argv[2];
if (out === undefined) {
  process.stderr.write('usage: node --import tsx test/contracts/_run-unserved-contract.ts OUT\n');
  process.exit(64);
} else {
  const config = loadConfig({ env: {}, envFile: '/dev/null' });
  const plan: RunTarget[] = [{ name: 'general info missing 8.0', version: '8.0', faults: ['review-general-info-missing'] }];
  const filters = ['suites/contracts/', 'suites/modules/review/lifecycle.test.ts'];
  const whole = await runSuites({ config, plan, filters, reporters: [], allure: false, vitestOutput: new PassThrough().resume() });
  const contractsOnly = await runSuites({ config, plan, filters, reporters: [], allure: false, vitestOutput: new PassThrough().resume(), checkSelection: ['contract.*'] });
  await writeFile(join(out, 'results.json'), JSON.stringify({ whole, contractsOnly }));
}
// The faulted target's failures are the point; the test judges the results (vitest set the exit code).
process.exitCode = 0;
