/**
 * A run whose shared login is refused, through runSuites as verify starts
 * it: a simulated 8.0 platform as the remote target, the right client and a
 * wrong password. Prints how vitest ended the run, the checks that passed,
 * and the setup failure verify would print, as one line of JSON after the
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
let ended: string | undefined;
const endReason: Reporter = {
  onTestRunEnd(_modules, _errors, reason) {
    ended = reason;
  },
};
const failures = new SetupFailures();
try {
  const results = await runSuites({ config, plan: defaultRunPlan(config), setupFailures: failures, filters: ['suites/auth/', 'suites/modules/job/'], reporters: [endReason], vitestOutput: new PassThrough().resume() });
  const passed = results.checks.filter((check) => check.state === 'passed').length;
  process.stdout.write(`\n${resultMarker}${JSON.stringify({ ended, passed, failure: failures.first && { code: failures.first.code, message: failures.first.message } })}\n`);
} finally {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
}
// vitest marks the process failed for the cancelled run; the line above is what this script reports.
process.exitCode = 0;
