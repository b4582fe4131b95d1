/**
 * The upgrade rehearsal: a 7.4 instance and an 8.0 staging (two `npm run sim`
 * processes, each reached as a real target through its printed .env lines)
 * in one report, through both paths a lead has:
 * - one run: `npm run verify -- --env-file 7.4.env --env-file 8.0.env`;
 * - the merge: `npm run report -- --out DIR reports-7.4 reports-8.0` of the
 *   two targets' own reports.
 * Both give one summary and one migration report with the two real targets
 * side by side, each target has its own token store and reports, and the two
 * paths agree row for row.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { simEnvLines } from '../support/sim-env-lines.ts';
import { npmRunReport, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-rehearsal-'));
const sims: ChildProcess[] = [];
const envFiles: Record<string, string> = {};
let oneRun: VerifyOutcome;
let merge: VerifyOutcome;

interface MigrationJson {
  readonly targets: readonly string[];
  readonly rows: readonly { readonly id: string; readonly versions: Record<string, { readonly verdict: string; readonly observed: readonly string[] }>; readonly verdict: string }[];
}

async function startSim(version: string): Promise<string> {
  const sim = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', '--version', version, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  sims.push(sim);
  const env = await simEnvLines(sim.stdout!);
  const file = join(dir, `staging-${version}.env`);
  writeFileSync(file, `${Object.entries(env).map(([key, value]) => `${key}=${value}`).join('\n')}\n`);
  return file;
}

function migration(reportsDir: string): MigrationJson {
  return JSON.parse(readFileSync(join(reportsDir, 'migration-report.json'), 'utf8')) as MigrationJson;
}

beforeAll(async () => {
  envFiles['7.4'] = await startSim('7.4');
  envFiles['8.0'] = await startSim('8.0');
  // The rehearsal's own folders: the merged reports in REPORTS_DIR, each target's beside them (REPORTS_DIR-<version>).
  const variables = { REPORTS_DIR: join(dir, 'reports'), TOKEN_STORE: join(dir, 'state', 'tokens.json'), REQUEST_TIMEOUT_MS: '60000' };
  oneRun = await npmRunVerify(['--env-file', envFiles['7.4'], '--env-file', envFiles['8.0'], '--suites', 'modules,contracts'], variables, HANG_TIMEOUT_MS);
  merge = await npmRunReport(['--out', join(dir, 'merged'), join(dir, 'reports-7.4'), join(dir, 'reports-8.0')], HANG_TIMEOUT_MS);
}, HANG_TEST_TIMEOUT_MS);

afterAll(() => {
  for (const sim of sims) sim.kill('SIGTERM');
});

describe('the upgrade rehearsal of a 7.4 and an 8.0 target', () => {
  it('runs both targets in one command, each with its own token store and reports, and ends clean', () => {
    expect(oneRun.code, `${oneRun.stdout.slice(-3000)}${oneRun.stderr}`).toBe(0);
    expect(oneRun.stdout).toMatch(/the 7\.4 target of .*staging-7\.4\.env \(reports .*reports-7\.4, token store .*tokens-7\.4\.json\)/);
    expect(oneRun.stdout).toMatch(/the 8\.0 target of .*staging-8\.0\.env \(reports .*reports-8\.0, token store .*tokens-8\.0\.json\)/);
    for (const version of ['7.4', '8.0']) {
      expect(existsSync(join(dir, 'state', `tokens-${version}.json`)), `token store of ${version}`).toBe(true);
      expect(existsSync(join(dir, `reports-${version}`, 'run-results.json')), `reports of ${version}`).toBe(true);
    }
    // One summary of both, after the targets' own.
    expect(oneRun.stdout).toMatch(/target 7\.4\s+\d+ passed, 0 failed/);
    expect(oneRun.stdout).toMatch(/target 8\.0\s+\d+ passed, 0 failed/);
    expect(oneRun.stdout.lastIndexOf('Migration report:')).toBeGreaterThan(oneRun.stdout.lastIndexOf('both targets in one report'));
    // The console ends with the verdict; the skips before it are counted by reason, never listed one by one.
    const lines = oneRun.stdout.trimEnd().split('\n');
    // --suites left the auth suite out: the merged run says it is a part, as each target's did.
    expect(lines.at(-1)).toMatch(/^VERDICT: PASS \(\d+ passed, 0 failed, \d+ skipped\); of a part of the run only \(see the summary's first lines\)$/);
    const merged = lines.slice(lines.findIndex((line) => line.includes('both targets in one report')));
    expect(merged).toContain('  SUBSET: only the suites modules, contracts');
    const skipLines = merged.filter((line) => /^ {2}- \d+ skipped (\(target [^)]+\): |for \d+ other reasons)/.test(line));
    expect(skipLines.length).toBeGreaterThan(0);
    // At most the shown reasons and one line for the rest (src/report/skip-reasons.ts), whatever the count of skips.
    expect(skipLines.length).toBeLessThanOrEqual(7);
  });

  it('writes one migration report with the two real targets side by side: no row lacks a version it could check', () => {
    const report = migration(join(dir, 'reports'));
    expect(report.targets).toEqual(['target 7.4', 'target 8.0']);
    for (const row of report.rows) {
      for (const version of ['7.4', '8.0']) expect(row.versions[version]?.observed, `${row.id} on ${version}`).not.toContain('not run');
    }
    expect(report.rows.filter((row) => row.versions['7.4']?.verdict === 'as documented' && row.versions['8.0']?.verdict === 'as documented').length).toBeGreaterThan(20);
    // Read-only, a removed endpoint whose probe changes nothing is checked all the same, saying why it is safe.
    const lookup = report.rows.find((candidate) => candidate.id === 'template-builder.attachment-external-ids');
    expect(lookup?.verdict).toBe('as documented');
    for (const version of ['7.4', '8.0']) expect(lookup?.versions[version]?.observed.join(' '), version).toMatch(/sent read-only: .+/);
    // The bulk row delete is not: the spec documents no parameters for it, so no request of it is known to be safe.
    const bulkDelete = report.rows.find((candidate) => candidate.id === 'job.grid-rows-delete');
    expect(bulkDelete?.versions['7.4']?.verdict).toBe('not checked');
    expect(bulkDelete?.versions['7.4']?.observed.join(' ')).toContain('set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true to run it');
    const markdown = readFileSync(join(dir, 'reports', 'migration-report.md'), 'utf8');
    // The cross-version comparison between the two real targets: the 7.4 contracts against the 8.0 staging.
    expect(markdown).toMatch(/## Contract breaks\s+The 7\.4 contracts \(contracts\/pacts\/\) verified against http:\/\/127\.0\.0\.1:\d+ \(8\.0\)/);
  });

  it("names both targets in the merged Allure report's environment, each with its own address", () => {
    const environment = readFileSync(join(dir, 'reports', 'allure-results', 'environment.properties'), 'utf8').split('\n');
    expect(environment).toContain('targets=target 7.4 | target 8.0');
    const baseUrl = environment.find((line) => line.startsWith('base_url='));
    expect(baseUrl).toMatch(/^base_url=target 7\.4: http\\?:\/\/127\.0\.0\.1\\?:\d+ \| target 8\.0: http\\?:\/\/127\.0\.0\.1\\?:\d+$/);
  });

  it('gives through the merge of the two targets’ own reports the same report, row for row', () => {
    expect(merge.code, `${merge.stdout.slice(-3000)}${merge.stderr}`).toBe(0);
    expect(migration(join(dir, 'merged')).rows).toEqual(migration(join(dir, 'reports')).rows);
  });
});
