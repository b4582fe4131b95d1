/**
 * A run whose shared login is refused, through runSuites as verify starts
 * it: a simulated 8.0 platform as the remote target, the right client and a
 * wrong password. Prints whether the run started, the checks that ran, and
 * the setup failure verify would print, as one line of JSON after the
 * marker (vitest writes to stdout too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Reporter } from 'vitest/node';
import { createPlatform } from '../../../simulator/platform.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { defaultRunPlan } from '../../../src/run-targets/run-plan.ts';
import { SetupFailures } from '../../../src/run-targets/setup-failures.ts';
import { runSuites } from '../../../src/runner/run-suites.ts';

const resultMarker = 'LOGIN-REFUSED ';
const wrongPassword = 'pw-refused-do-not-print-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'ug-login-refused-'));
const platform = createPlatform({ version: '8.0' });
await platform.listen(0);
for (const line of platform.envLines()) {
  const at = line.indexOf('=');
  process.env[line.slice(0, at)] = line.slice(at + 1);
}
Object.assign(process.env, { LOGIN_PASSWORD: wrongPassword, REPORTS_DIR: join(dir, 'reports'), TOKEN_STORE: join(dir, 'tokens.json') });
// The environment as set just above: the module's own snapshot was taken at its import (src/config/environment.ts).
const config = loadConfig({ env: { ...process.env } });
let started = false;
const runStart: Reporter = {
  onTestRunStart() {
    started = true;
  },
};
const failures = new SetupFailures();
try {
  const ran = await runSuites({ config, plan: defaultRunPlan(config), setupFailures: failures, filters: ['suites/auth/', 'suites/modules/job/'], reporters: [runStart], vitestOutput: new PassThrough().resume() }).then(
    (results) => results.checks.filter((check) => check.state !== 'skipped').length,
    () => 0,
  );
  process.stdout.write(`\n${resultMarker}${JSON.stringify({ started, ran, failure: failures.first && { code: failures.first.code, message: failures.first.message } })}\n`);
} finally {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
}
// vitest marks the process failed for the failed setup; the line above is what this script reports.
process.exitCode = 0;
