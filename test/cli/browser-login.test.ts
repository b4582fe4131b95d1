/**
 * LOGIN_DRIVER=browser as a user runs it: `npm run verify -- --env-file FILE
 * --only …` against a simulated platform whose CAS builds its login form
 * with JavaScript (`npm run sim -- --login-page script`, started here
 * in-process), one run per version, with the system's Chromium: the run's
 * shared sessions log in through it in verify's own process, and the
 * selected auth checks in the suite workers, to each way a browser login
 * ends (the login form and a code, the state echoed, an error redirect with
 * and without the state, the CAS's error page). The whole auth suite runs
 * through the browser in test/e2e/keycloak-realm.test.ts, on 8.0. The form
 * driver on the same page stops with one LOGIN_FAILED line that suggests
 * LOGIN_DRIVER=browser; a Chromium that is not there is one CONFIG_INVALID
 * line naming CHROMIUM_PATH. The test timeouts only catch a hang
 * (test/support/hang-timeout.ts); no margin is asserted. Without Chromium
 * the runs that need it are skipped (test/support/browser-tests.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { expectOneCodedLine, npmRunVerify } from '../support/verify-command.ts';

const browserTests = inject('browserTests');
const dir = mkdtempSync(join(tmpdir(), 'ug-browser-login-'));
const platforms: Platform[] = [];

afterAll(async () => {
  await Promise.all(platforms.map((platform) => platform.close()));
});

/** A platform with the script login page, and an env file pointing verify at it (its own token store and reports). */
async function scriptLoginTarget(version: '7.4' | '8.0', extra: readonly string[] = []): Promise<{ envFile: string; platform: Platform; reports: string; run: string }> {
  const platform = createPlatform({ version, loginPage: 'script' });
  platforms.push(platform);
  await platform.listen(0);
  const run = mkdtempSync(join(dir, `${version}-`));
  const envFile = join(run, 'sim.env');
  writeFileSync(envFile, [...platform.envLines(), `TOKEN_STORE=${join(run, 'tokens.json')}`, `REPORTS_DIR=${join(run, 'reports')}`, ...extra, ''].join('\n'));
  return { envFile, platform, reports: join(run, 'reports'), run };
}

/** The tokens the run kept in its token store: they must appear nowhere else. */
function storedTokens(run: string): string[] {
  const stored: unknown = JSON.parse(readFileSync(join(run, 'tokens.json'), 'utf8'));
  if (typeof stored !== 'object' || stored === null) return [];
  return Object.entries(stored).flatMap(([name, value]) => (/token$/i.test(name) && typeof value === 'string' ? [value] : []));
}

/** Every file the run left in its folder, relative to it. */
function filesOf(run: string): string[] {
  return readdirSync(run, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(run.length + 1));
}

/** Every file verify wrote under `reports` (Allure results and attachments, the migration report), as text. */
function reportTexts(reports: string): string[] {
  return readdirSync(reports, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

function secretsOf(platform: Platform): string[] {
  return [platform.credentials.clientSecret, platform.credentials.users.full.password, platform.credentials.users.limited.password];
}

/**
 * Auth checks that log in through the browser from a suite worker, one for each way a login ends: the login form
 * and a code, the state echoed, a code exchanged, an error redirect without the state, the CAS's own error page, and
 * on 7.4 an error redirect that carries the state (the scope error; 8.0 takes no scope, spec §4.1, §9.1).
 */
const sharedBrowserLoginChecks = ['auth.login-challenge', 'auth.redirect-echo', 'auth.code-reuse-refused', 'auth.authorization-missing-param.state', 'auth.unregistered-redirect-not-followed'];
const browserLoginChecks: Readonly<Record<'7.4' | '8.0', readonly string[]>> = { '7.4': [...sharedBrowserLoginChecks, 'auth.scope-error'], '8.0': sharedBrowserLoginChecks };

// One at a time: each child compiles the CLI and drives a browser, and the machine is shared.
describe.runIf(browserTests)(`the script login page, driven by the browser${browserTests ? '' : ' (skipped: no Chromium)'}`, () => {
  for (const version of ['7.4', '8.0'] as const) {
    it(`${version}: the auth checks that log in through the browser pass with LOGIN_DRIVER=browser`, { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      // REQUEST_TIMEOUT_MS, which a browser login's page keeps too, only catches a hang here: on a loaded machine
      // Chromium may wait seconds for a CPU, and no verdict of the auth suite depends on the value.
      const { envFile, platform, reports, run } = await scriptLoginTarget(version, ['LOGIN_DRIVER=browser', 'REQUEST_TIMEOUT_MS=60000']);
      const outcome = await npmRunVerify(['--env-file', envFile, '--only', browserLoginChecks[version].join(',')], {}, HANG_TIMEOUT_MS);
      expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
      expect(outcome.stdout).toMatch(new RegExp(`ok +target ${version.replace('.', '\\.')} +${browserLoginChecks[version].length} passed, 0 failed`));
      // The passwords and the client secret reach neither the output nor any report or attachment.
      const texts = [outcome.stdout, outcome.stderr, ...reportTexts(reports)];
      expect(texts.length).toBeGreaterThan(2);
      // Nor do the tokens the run keeps in its store.
      const tokens = storedTokens(run);
      expect(tokens.length).toBeGreaterThan(0);
      for (const secret of [...secretsOf(platform), ...tokens]) for (const text of texts) expect(text).not.toContain(secret);
      // Nothing of the browser is kept: no trace, screenshot, video or HAR among the run's files.
      expect(filesOf(run).filter((file) => /\.(zip|png|jpe?g|webm|har|trace)$/i.test(file))).toEqual([]);
    });
  }
});

describe('the script login page without the browser', () => {
  it('the form driver: one LOGIN_FAILED line (6) that suggests LOGIN_DRIVER=browser, no secret', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { envFile, platform } = await scriptLoginTarget('8.0');
    const outcome = await npmRunVerify(['--env-file', envFile, '--suites', 'auth'], {}, HANG_TIMEOUT_MS);
    const line = expectOneCodedLine(outcome, 'LOGIN_FAILED', secretsOf(platform));
    expect(line).toContain('LOGIN_DRIVER=browser');
  });

  it('LOGIN_DRIVER=browser with a CHROMIUM_PATH that does not exist: one CONFIG_INVALID line (2) naming CHROMIUM_PATH', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const missing = join(dir, 'no-chromium-here');
    const outcome = await npmRunVerify(['--suites', 'auth'], { LOGIN_DRIVER: 'browser', CHROMIUM_PATH: missing, REPORTS_DIR: join(dir, 'reports') }, HANG_TIMEOUT_MS);
    const line = expectOneCodedLine(outcome, 'CONFIG_INVALID');
    expect(line).toContain(`CHROMIUM_PATH ${missing}`);
  });
});
