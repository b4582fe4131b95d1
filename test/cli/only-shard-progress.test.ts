/**
 * `--only`, `--shard` and the progress lines, through the user's command:
 * a selection names an area that exists and matches some check, or the run
 * is CONFIG_INVALID (a typo never turns green); a shard is i/n with
 * 1 ≤ i ≤ n; a subset says so in the summary, leaves out the contract
 * suite when it selects none of its checks, and the setup of a block of
 * checks none of which it selects (no request of the refresh chain's
 * reaches the target), and a verification that cannot run fails it whatever
 * it selects; off a terminal (here a pipe, with CI=true) progress comes as
 * plain lines on stderr.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../simulator/platform.ts';
import { closeProxies, misbehavingProxy, writeProxiedEnv, type MisbehavingProxy } from '../support/misbehaving-proxy.ts';
import { expectOneCodedLine, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-only-shard-'));
/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
let runs = 0;

function verify(args: readonly string[], variables: Record<string, string> = {}): Promise<VerifyOutcome> {
  runs += 1;
  return npmRunVerify(args, { REPORTS_DIR: join(dir, `reports-${runs}`), TOKEN_STORE: join(dir, `state-${runs}`, 'tokens.json'), ...variables }, COMMAND_TIMEOUT_MS);
}

describe.concurrent('verify --only and --shard refuse what would not be the run the user meant', () => {
  it('--only with an unknown area is CONFIG_INVALID before anything runs', async () => {
    const line = expectOneCodedLine(await verify(['--only', 'jbo']), 'CONFIG_INVALID');
    expect(line).toContain('"jbo"');
    expect(line).toContain('did you mean "job"?');
  }, HANG_TEST_TIMEOUT_MS);

  it('--only with a term that matches no check of the run is CONFIG_INVALID, not a green run of the other terms', async () => {
    const line = expectOneCodedLine(await verify(['--version', '8.0', '--suites', 'auth', '--only', 'auth.token-type-bearer,auth.no-such-check']), 'CONFIG_INVALID');
    expect(line).toContain('"auth.no-such-check" matched no check of this run');
  }, HANG_TEST_TIMEOUT_MS);

  it('--suites whose checks --only can never select is CONFIG_INVALID before anything runs', async () => {
    const line = expectOneCodedLine(await verify(['--suites', 'auth', '--only', 'job.*']), 'CONFIG_INVALID');
    expect(line).toContain('--only "job.*" can select no check of --suites auth, whose checks are auth.…');
  });

  it('--suites conformance without the vendor documents it checks against is CONFIG_INVALID before anything runs', async () => {
    const line = expectOneCodedLine(await verify(['--suites', 'modules,conformance']), 'CONFIG_INVALID');
    expect(line).toContain('--suites conformance checks the module exchanges against the vendor\'s OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR');
    // The same for a selection that only vendor conformance can hold.
    const only = expectOneCodedLine(await verify(['--only', 'conformance']), 'CONFIG_INVALID');
    expect(only).toContain('--only "conformance" selects vendor conformance checks only');
  });

  it('--only beside --from/--to, which runs only the cross-version comparison, is USAGE, not a comparison of everything', async () => {
    const line = expectOneCodedLine(await verify(['--from', '7.4', '--to', '8.0', '--only', 'contract.job.*']), 'USAGE');
    expect(line).toContain('--from/--to runs only the cross-version contract comparison; --only does not apply to it');
  });

  it('--from 8.0 --to 7.4 is USAGE: the spec documents the changes the other way only', async () => {
    const line = expectOneCodedLine(await verify(['--from', '8.0', '--to', '7.4']), 'USAGE');
    expect(line).toContain('--from 8.0 --to 7.4: the spec documents the changes from 7.4 to 8.0 only; compare --from 7.4 --to 8.0');
  });

  it('--only given twice is USAGE, not a run of the last one', async () => {
    expect(expectOneCodedLine(await verify(['--only', 'auth', '--only', 'job']), 'USAGE')).toContain('--only is given more than once');
  }, HANG_TEST_TIMEOUT_MS);

  it('--only that can select no check of the one suite named is CONFIG_INVALID before anything runs', async () => {
    const line = expectOneCodedLine(await verify(['--suites', 'contracts', '--only', 'auth']), 'CONFIG_INVALID');
    expect(line).toContain('--only "auth" can select no check of --suites contracts');
  }, HANG_TEST_TIMEOUT_MS);

  // A value out of range is USAGE; a shard the run's files cannot fill is CONFIG_INVALID (docs/command-line.md).
  for (const [shard, code] of [['3/2', 'USAGE'], ['half', 'USAGE'], ['1/99', 'CONFIG_INVALID']] as const) {
    it(`--shard ${shard} is ${code}`, async () => {
      expect(expectOneCodedLine(await verify(['--shard', shard]), code)).toContain('--shard');
    }, HANG_TEST_TIMEOUT_MS);
  }
});

describe('verify --only runs the subset and says so; progress off a terminal is plain lines', () => {
  it('runs only the selected checks, only in the suite that holds them, leaves out the refresh chain\'s setup, names the subset in the summary, and prints progress lines on stderr', async () => {
    const reports = join(dir, 'subset');
    // The target behind a proxy that hears every grant at the token endpoint.
    const platform = createPlatform({ version: '8.0' });
    const proxies: MisbehavingProxy[] = [];
    const grants: string[] = [];
    let outcome: VerifyOutcome;
    try {
      await platform.listen(0);
      const lines = platform.envLines();
      const upstream = new URL(lines.find((line) => line.startsWith('BASE_URL='))?.slice('BASE_URL='.length) ?? '');
      const proxy = await misbehavingProxy(upstream, (req) => {
        if (req.method === 'POST' && /\/token$/.test(new URL(req.url ?? '/', upstream).pathname)) {
          const body: Buffer[] = [];
          req.on('data', (chunk: Buffer) => body.push(chunk)).on('end', () => grants.push(new URLSearchParams(Buffer.concat(body).toString('utf8')).get('grant_type') ?? ''));
        }
        return false;
      });
      proxies.push(proxy);
      const envFile = join(dir, 'subset.env');
      writeProxiedEnv(envFile, lines, upstream, proxy);
      outcome = await npmRunVerify(['--env-file', envFile, '--only', 'auth.token-type-bearer,auth.code-reuse-*'], { REPORTS_DIR: reports, TOKEN_STORE: join(dir, 'subset-state', 'tokens.json'), CI: 'true' }, COMMAND_TIMEOUT_MS);
    } finally {
      await closeProxies(proxies);
      await platform.close();
    }
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    // The code grants of the logins and the selected checks; the refresh chain's setup, which rotates a token family of
    // its own for checks the selection leaves out, is not run.
    expect(grants).toContain('authorization_code');
    expect(grants).not.toContain('refresh_token');
    // Only the auth suite holds such checks: no contract check can be selected, so the provider verification, and its
    // requests to the target, are not made; without vendor documents there is no conformance suite to name.
    expect(outcome.stdout).toContain('; suites auth, --only auth.token-type-bearer,auth.code-reuse-*');
    const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as { results: { checks: { id: string }[] } };
    expect(record.results.checks.map((check) => check.id).sort()).toEqual(['auth.code-reuse-refused', 'auth.token-type-bearer']);
    expect(outcome.stdout).toContain('SUBSET: only the checks matching --only auth.token-type-bearer,auth.code-reuse-*');
    expect(outcome.stdout).toMatch(/target 8\.0\s+2 passed, 0 failed, 0 skipped/);
    const progress = outcome.stderr.split('\n').filter((line) => line.startsWith('progress: '));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe('progress: target 8.0 2/2; 0 failed');
    expect(outcome.stderr).not.toContain('\r');
  }, HANG_TEST_TIMEOUT_MS);

  it('--suites that leaves a suite out names the part in the summary and the verdict, never a plain PASS', async () => {
    const reports = join(dir, 'suites-part');
    const outcome = await npmRunVerify(['--version', '8.0', '--suites', 'auth'], { REPORTS_DIR: reports, TOKEN_STORE: join(dir, 'suites-part-state', 'tokens.json') }, HANG_TEST_TIMEOUT_MS);
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    expect(outcome.stdout).toContain('  SUBSET: only the suites auth\n');
    expect(outcome.stdout.trimEnd().split('\n').at(-1)).toMatch(/^VERDICT: PASS \(\d+ passed, 0 failed, \d+ skipped\); of a part of the run only/);
    const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as { suites?: string[] };
    expect(record.suites).toEqual(['auth']);
  }, HANG_TEST_TIMEOUT_MS);

  it('--from 7.4 --to 8.0 says it runs only the cross-version comparison and ends with the verdict', async () => {
    const outcome = await verify(['--from', '7.4', '--to', '8.0']);
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    expect(outcome.stdout).toContain('; only the cross-version contract comparison: the 7.4 contracts against 8.0\n');
    expect(outcome.stdout).not.toContain('suites auth');
    expect(outcome.stdout.trimEnd().split('\n').at(-1)).toBe('VERDICT: PASS: the contract breaks are exactly the documented ones');
  }, HANG_TEST_TIMEOUT_MS);

  it('a verification that cannot run is a failure of a subset of contract checks too, never a green run of the rest', async () => {
    const reports = join(dir, 'broken-own-sources');
    // Nothing listens on port 9 of loopback: the team's contracts cannot be fetched.
    const outcome = await npmRunVerify(
      ['--version', '8.0', '--suites', 'contracts', '--only', 'contract.shop.*'],
      { REPORTS_DIR: reports, TOKEN_STORE: join(dir, 'broken-own-sources-state', 'tokens.json'), PACT_URLS: 'http://127.0.0.1:9/pacts/app.json' },
      HANG_TEST_TIMEOUT_MS,
    );
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(1);
    const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as { results: { checks: { id: string; state: string }[] } };
    const states = new Map(record.results.checks.map((check) => [check.id, check.state]));
    expect(states.get('contract.own.sources')).toBe('failed');
    expect([...states.keys()].filter((id) => id.startsWith('contract.shop.')).length).toBeGreaterThan(0);
    expect(outcome.stdout).toContain('VERDICT: FAIL');
  }, HANG_TEST_TIMEOUT_MS);
});
