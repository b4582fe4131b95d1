/**
 * Whether this machine runs the tests that need a browser (LOGIN_DRIVER=browser, the HTML reports read in
 * Chromium). Decided once per `npm test` by vitest's global setup, which prints the one line saying why they are
 * skipped; the test files read the decision with `inject`.
 *
 * Without Chromium a developer's run skips them; under CI (`CI=true`, as .ci/run sets it) they run and fail on
 * the missing browser, so a CI machine without one is never green by skipping.
 */
import type { TestProject } from 'vitest/node';
import { UpgradeGuardError } from '../../src/errors.ts';
import { chromiumExecutable } from '../../src/auth/chromium.ts';
import { underCi } from './under-ci.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Run the browser tests: Chromium is there, or CI wants them to fail without it. */
    browserTests: boolean;
  }
}

export default function setup(project: TestProject): void {
  let missing: string | undefined;
  try {
    chromiumExecutable(process.env.CHROMIUM_PATH);
  } catch (error) {
    if (!(error instanceof UpgradeGuardError)) throw error;
    missing = error.message;
  }
  const ci = underCi(process.env);
  if (missing !== undefined) {
    const where = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const then = ci ? 'CI=true, so the browser tests run and fail' : 'browser tests skipped';
    process.stdout.write(`${then}: no Chromium at ${where}; install it with apt-get install chromium, or set CHROMIUM_PATH to its executable\n`);
  }
  project.provide('browserTests', missing === undefined || ci);
}
