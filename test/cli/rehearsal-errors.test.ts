/**
 * The upgrade rehearsal's bad input: each env file is read before any target
 * runs, and a rehearsal that cannot put a 7.4 and an 8.0 side by side stops
 * with one USAGE line, no stack trace, and no secret of either file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { expectOneCodedLine, npmRunVerify } from '../support/verify-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-rehearsal-errors-'));
const secret = 'rehearsal-client-secret-never-printed';

function envFile(name: string, lines: readonly string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const target = (version: string, port: number): string[] => [
  `TARGET_VERSION=${version}`,
  `BASE_URL=http://127.0.0.1:${port}`,
  `AUTH_URL=http://127.0.0.1:${port}/cas`,
  'CLIENT_ID=upgrade-guard',
  `CLIENT_SECRET=${secret}`,
  'REDIRECT_URI=http://127.0.0.1:9/callback',
  'LOGIN_USERNAME=integration.admin',
  `LOGIN_PASSWORD=${secret}-password`,
];

describe('npm run verify with --env-file given twice', () => {
  it('refuses two targets of one version, naming both files', async () => {
    const outcome = await npmRunVerify(['--env-file', envFile('a.env', target('8.0', 9)), '--env-file', envFile('b.env', target('8.0', 10))], {}, HANG_TIMEOUT_MS);
    expectOneCodedLine(outcome, 'USAGE', [secret]);
    // The first line goes out before the command's modules and the configuration load: before this refusal.
    expect(outcome.stdout.split('\n')).toContain('upgrade-guard: starting the upgrade rehearsal');
  }, HANG_TEST_TIMEOUT_MS);

  it('refuses an env file without a real target', async () => {
    const outcome = await npmRunVerify(['--env-file', envFile('c.env', target('7.4', 9)), '--env-file', envFile('d.env', ['MAX_CONCURRENCY=4'])], {}, HANG_TIMEOUT_MS);
    expectOneCodedLine(outcome, 'USAGE', [secret]);
  }, HANG_TEST_TIMEOUT_MS);

  it('refuses --suites conformance when a file has no vendor documents, before either target runs', async () => {
    const documents = mkdtempSync(join(dir, 'documents-'));
    const outcome = await npmRunVerify(
      ['--env-file', envFile('g.env', [...target('7.4', 9), `OPENAPI_DIR=${documents}`]), '--env-file', envFile('h.env', target('8.0', 10)), '--suites', 'conformance'],
      {},
      HANG_TIMEOUT_MS,
    );
    expect(expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret])).toContain(`--env-file ${join(dir, 'h.env')}: --suites conformance checks the module exchanges against the vendor's OpenAPI documents`);
  }, HANG_TEST_TIMEOUT_MS);

  it('refuses two files that name one instance, one token store or one reports folder, or a target that writes where the merge goes, before either target runs', async () => {
    const refusal = async (name: string, first: readonly string[], second: readonly string[], env: Record<string, string> = {}): Promise<string> => {
      const outcome = await npmRunVerify(['--env-file', envFile(`${name}-74.env`, [...target('7.4', 9), ...first]), '--env-file', envFile(`${name}-80.env`, [...target('8.0', 10), ...second])], env, HANG_TIMEOUT_MS);
      return expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret]);
    };
    // Both copied from one file: the same store and folder in each. Port 9 never answers: nothing ran.
    const store = join(dir, 'tokens.json');
    expect(await refusal('store', [`TOKEN_STORE=${store}`], [`TOKEN_STORE=${store}`])).toContain(`both name the token store ${store} (TOKEN_STORE)`);
    const reports = join(dir, 'shared-reports');
    expect(await refusal('reports', [`REPORTS_DIR=${reports}`], [`REPORTS_DIR=${reports}/`])).toContain(`both name the reports folder ${reports}/ (REPORTS_DIR)`);
    expect(await refusal('merged', [`REPORTS_DIR=${reports}`], [], { REPORTS_DIR: reports })).toContain(`names the reports folder ${reports} (REPORTS_DIR), where the rehearsal's merged reports go`);
    // BASE_URL in the environment wins over both files: both would name one instance.
    const outcome0 = await npmRunVerify(['--env-file', envFile('env-74.env', target('7.4', 9)), '--env-file', envFile('env-80.env', target('8.0', 10))], { BASE_URL: 'http://127.0.0.1:11' }, HANG_TIMEOUT_MS);
    expect(expectOneCodedLine(outcome0, 'CONFIG_INVALID', [secret])).toContain('both name the instance http://127.0.0.1:11 (BASE_URL, set in the environment, which wins over an env file: unset it)');
    // Empty values are no values: each target gets its own store and folder, and the rehearsal goes on to the targets.
    const outcome = await npmRunVerify(
      ['--env-file', envFile('empty-74.env', [...target('7.4', 9), 'TOKEN_STORE=', 'REPORTS_DIR=']), '--env-file', envFile('empty-80.env', [...target('8.0', 10), 'TOKEN_STORE=', 'REPORTS_DIR='])],
      { REPORTS_DIR: join(dir, 'empty-merged'), TOKEN_STORE: join(dir, 'empty-state', 'tokens.json') },
      HANG_TIMEOUT_MS,
    );
    expect(outcome.stdout).toContain(`(reports ${join(dir, 'empty-merged')}-7.4, token store ${join(dir, 'empty-state', 'tokens-7.4.json')})`);
    // Neither target answers: the rehearsal says so, never that both targets are in one report.
    expect(outcome.code).toBe(3);
    expect(outcome.stdout).toContain("Upgrade rehearsal: the 7.4 target's run ended with an error (exit 3, its line above); the 8.0 target's run ended with an error (exit 3, its line above): the report holds what each run wrote");
    expect(outcome.stdout).not.toContain('both targets in one report');
  }, HANG_TEST_TIMEOUT_MS);

  it('refuses the options that name a part of one run', async () => {
    const outcome = await npmRunVerify(['--env-file', envFile('e.env', target('7.4', 9)), '--env-file', envFile('f.env', target('8.0', 10)), '--shard', '1/2'], {}, HANG_TIMEOUT_MS);
    expectOneCodedLine(outcome, 'USAGE', [secret]);
  }, HANG_TEST_TIMEOUT_MS);
});
