/**
 * Child process of vendor-agreement-run.test.ts: runs the media and job
 * lifecycle suites against an embedded 8.0 with two departures the vendor's
 * 8.0 documents describe (webhooks created only at v1.2; the job search
 * refusing PENDING), with OPENAPI_DIR set to DOCS (small documents written
 * from the vendor's facts), or unset when DOCS is `-`; writes the Allure
 * results into OUT/allure-results and the per-check results into
 * OUT/results.json.
 * Usage: node --import tsx test/conformance/_run-vendor-labelled.ts OUT DOCS
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../src/config/config.ts';
import { runSuites } from '../../src/runner/run-suites.ts';

const [out, docs] = process.argv.slice(2);
if (out === undefined || docs === undefined) {
  process.stderr.write('usage: node --import tsx test/conformance/_run-vendor-labelled.ts OUT DOCS|-\n');
  process.exit(64);
} else {
  const config = loadConfig({ env: { ...(docs !== '-' && { OPENAPI_DIR: docs }) }, envFile: '/dev/null' });
  const results = await runSuites({
    config,
    plan: [{ name: 'departing 8.0', version: '8.0', faults: ['media-webhooks-only-at-v1.2', 'job-search-pending-state-rejected'] }],
    filters: ['suites/modules/media/lifecycle.test.ts', 'suites/modules/job/lifecycle.test.ts', 'suites/conformance/'],
    reporters: [['allure-vitest/reporter', { resultsDir: join(out, 'allure-results'), reportMatchers: false }]],
    vitestOutput: new PassThrough().resume(),
  });
  await writeFile(join(out, 'results.json'), JSON.stringify(results));
}
// The faulted target's failures are the point; the test judges the results (vitest set the exit code).
process.exitCode = 0;
