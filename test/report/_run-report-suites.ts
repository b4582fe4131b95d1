/**
 * Child process of the report tests: runs the planning and shop suites
 * against the embedded 7.4 and 8.0 platforms, an 8.0 one that sends
 * Deprecation / Sunset headers, one that sends them malformed, and one with
 * a fault that fails checks; writes the Allure results into OUT/allure-results
 * and the per-check results into OUT/results.json.
 * Usage: node --import tsx test/report/_run-report-suites.ts OUT
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../src/config/config.ts';
import { runSuites } from '../../src/runner/run-suites.ts';
import type { RunTarget } from '../../src/run-targets/run-plan.ts';
import { reportTargets } from './_report-targets.ts';


const plan: RunTarget[] = [
  { name: reportTargets.clean74, version: '7.4', faults: [] },
  { name: reportTargets.clean80, version: '8.0', faults: [] },
  { name: reportTargets.headersSent, version: '8.0', faults: [], deprecationHeaders: 'sent' },
  { name: reportTargets.headersMalformed, version: '8.0', faults: [], deprecationHeaders: 'malformed' },
  { name: reportTargets.fault, version: '8.0', faults: ['planning-fee-amount-string', 'planning-node-allchildren-missing'] },
];

const out = process.argv[2];
if (out === undefined) {
  process.stderr.write('usage: node --import tsx test/report/_run-report-suites.ts OUT\n');
  process.exit(64);
} else {
  const config = loadConfig({ env: { SPEC_URL: 'https://spec.example.com/platform-api-7.4-to-8.0#{section}' }, envFile: '/dev/null' });
  const results = await runSuites({
    config,
    plan,
    filters: ['suites/modules/planning/', 'suites/modules/shop/'],
    reporters: [['allure-vitest/reporter', { resultsDir: join(out, 'allure-results'), reportMatchers: false }]],
    vitestOutput: new PassThrough().resume(),
  });
  await writeFile(join(out, 'results.json'), JSON.stringify(results));
}
// The faulted target's failures are the point; the test judges the results (vitest set the exit code).
process.exitCode = 0;
