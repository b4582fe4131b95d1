/**
 * Bad input gets one readable line, a distinct exit code and no stack
 * trace: bad configuration, an unreachable target, a slow target, a
 * malformed body, refused credentials, a bad flag. Each case runs the
 * command a user types, `npm run verify -- …`, in a child process against a
 * loopback double.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/cli/run-record.ts';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { fileLinePattern } from '../../src/report/console-reporter.ts';
import { progressPrefix } from '../../src/report/progress-reporter.ts';
import { expectOneCodedLine, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';

const secret = 'cs-do-not-print-0123456789';
const password = 'pw-do-not-print-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ug-verify-errors-'));
const servers: Server[] = [];
let runs = 0;
let platform: Platform;

function verify(args: readonly string[], variables: Record<string, string> = {}): Promise<VerifyOutcome> {
  // The cases run at once: each gets its own token store and reports, so no case waits on or reads another's.
  runs += 1;
  return npmRunVerify(args, { REPORTS_DIR: join(dir, `reports-${runs}`), TOKEN_STORE: join(dir, `state-${runs}`, 'tokens.json'), ...variables }, HANG_TIMEOUT_MS);
}

function envFile(name: string, values: Record<string, string>): string {
  const file = join(dir, `${name}.env`);
  writeFileSync(file, Object.entries(values).map(([key, value]) => `${key}=${value}`).join('\n'));
  return file;
}

/** Generous: a double on a busy machine may be slow to answer, and only the never-answering one should time out. */
function remote(baseUrl: string, authUrl = `${baseUrl}/cas`, requestTimeoutMs = '30000'): Record<string, string> {
  return {
    TARGET_VERSION: '8.0',
    BASE_URL: baseUrl,
    AUTH_URL: authUrl,
    CLIENT_ID: 'app',
    CLIENT_SECRET: secret,
    REDIRECT_URI: 'http://127.0.0.1:9/callback',
    LOGIN_USERNAME: 'ada',
    LOGIN_PASSWORD: password,
    REQUEST_TIMEOUT_MS: requestTimeoutMs,
  };
}

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}


let slowUrl: string;
let malformedUrl: string;
let gatewayUrl: string;
let truncatedUrl: string;
let hangingTokenUrl: string;
let hangingModulesEnv: Record<string, string>;

/**
 * `upstream` behind a proxy that forwards the reachability probe (`/`) and the CAS, so the login works, and never
 * answers a module request: every check and every Pact interaction waits on the target.
 */
function modulesHang(upstream: URL): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    if (path !== '/' && !path.startsWith('/cas')) return;
    const forwarded = request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
}

/** A CAS whose authorization endpoint redirects straight back with a code, and whose token endpoint answers with `token`. */
function casDouble(token: (res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/cas/oauth2/auth') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://127.0.0.1:9/callback');
      back.searchParams.set('code', 'code-0123456789');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
    } else if (url.pathname === '/cas/api/v1.1/token') {
      token(res);
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
  });
}

beforeAll(async () => {
  // Accepts connections, never answers.
  slowUrl = await listen(createServer(() => {}));
  // CAS doubles that skip the login and answer the token request badly.
  malformedUrl = await listen(casDouble((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>maintenance</body></html>')));
  gatewayUrl = await listen(casDouble((res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>')));
  truncatedUrl = await listen(
    casDouble((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      res.write('{"access_token":"');
      setImmediate(() => res.socket?.destroy());
    }),
  );
  // The login reaches the token request, which is never answered.
  hangingTokenUrl = await listen(casDouble(() => {}));
  platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: password, limited: password } });
  await platform.listen(0);
  const platformEnv = Object.fromEntries(platform.envLines().map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const upstream = new URL(platformEnv.BASE_URL ?? '');
  const proxied = await listen(modulesHang(upstream));
  hangingModulesEnv = Object.fromEntries(Object.entries(platformEnv).map(([name, value]) => [name, value.replaceAll(upstream.origin, proxied)]));
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await platform.close();
});

describe.concurrent('verify on bad input', { timeout: HANG_TEST_TIMEOUT_MS }, () => {
  it('a bad variable is CONFIG_INVALID (2), naming it', async () => {
    const outcome = await verify([], { MAX_CONCURRENCY: 'many' });
    expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret, password]);
    expect(outcome.stderr).toContain('MAX_CONCURRENCY');
  });

  it('a bad OPENAPI_DIR is CONFIG_INVALID (2): missing, without documents, or a broken JSON', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ug-openapi-empty-'));
    const broken = mkdtempSync(join(tmpdir(), 'ug-openapi-broken-'));
    writeFileSync(join(broken, 'maps-api-8.0.1.0.json'), '{"openapi": ');
    const outcomes = await Promise.all([verify(['--openapi', join(dir, 'no-such-folder')]), verify([], { OPENAPI_DIR: empty }), verify(['--openapi', broken])]);
    for (const outcome of outcomes) {
      expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret, password]);
      expect(outcome.stderr).toContain('OPENAPI_DIR');
    }
  });

  it('a missing --env-file is CONFIG_INVALID (2), naming the file (Node 20 must not take the flag for its own)', async () => {
    const outcome = await verify(['--env-file', join(dir, 'missing.env')]);
    expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret, password]);
    expect(outcome.stderr).toContain('missing.env');
  });

  it('a misspelt variable in an env file is CONFIG_INVALID (2), naming the closest known one', async () => {
    const outcome = await verify(['--env-file', envFile('typo', { BASEURL: 'http://127.0.0.1:1' })]);
    expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret, password]);
    expect(outcome.stderr).toContain('did you mean BASE_URL?');
  });

  it('a near-miss variable in an env file or the environment, or one with our prefix, is CONFIG_INVALID (2), naming the closest known one', async () => {
    const vectors: { args: string[]; variables: Record<string, string>; named: string; hint: string }[] = [
      { args: ['--env-file', envFile('typo-version', { TARGET_VERSON: '8.0' })], variables: {}, named: 'TARGET_VERSON', hint: 'TARGET_VERSION' },
      { args: [], variables: { BASEURL: 'http://127.0.0.1:1' }, named: 'BASEURL', hint: 'BASE_URL' },
      { args: [], variables: { UPGRADE_GUARD_BASE_URL: 'http://127.0.0.1:1' }, named: 'UPGRADE_GUARD_BASE_URL', hint: 'BASE_URL' },
    ];
    const outcomes = await Promise.all(vectors.map((vector) => verify(vector.args, vector.variables)));
    for (const [index, outcome] of outcomes.entries()) {
      const line = expectOneCodedLine(outcome, 'CONFIG_INVALID', [secret, password]);
      expect(line).toContain(vectors[index]?.named);
      expect(line).toContain(`did you mean ${vectors[index]?.hint}?`);
    }
  });

  it('an unknown flag is USAGE (64)', async () => {
    expectOneCodedLine(await verify(['--colour']), 'USAGE', [secret, password]);
  });

  it('a flag value that starts with a dash is USAGE (64) in one line, saying how to give it', async () => {
    expect(expectOneCodedLine(await verify(['--latency-ms', '-5']), 'USAGE', [secret, password])).toContain("goes after '=' (--latency-ms=-…)");
  });

  it('a suite name that names no suite is CONFIG_INVALID (2), offering the one a slip away', async () => {
    expect(expectOneCodedLine(await verify(['--suites', 'auth,contract']), 'CONFIG_INVALID', [secret, password])).toContain('no suite "contract"; did you mean "contracts"?');
  });

  it('an unreachable target is TARGET_UNREACHABLE (3), naming the variable', async () => {
    // An earlier run's results in the folder: a run that ends before writing its own must not leave them to be merged.
    const reports = join(dir, 'reports-unreachable');
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'run-results.json'), '{"format":"upgrade-guard-run-results/1"}\n');
    const outcome = await verify(['--env-file', envFile('unreachable', remote('http://127.0.0.1:1'))], { REPORTS_DIR: reports });
    expectOneCodedLine(outcome, 'TARGET_UNREACHABLE', [secret, password]);
    expect(existsSync(join(reports, 'run-results.json'))).toBe(false);
    expect(outcome.stderr).toMatch(/BASE_URL|AUTH_URL/);
  });

  it('a target that does not answer in time is TARGET_TIMEOUT (4)', async () => {
    expectOneCodedLine(await verify(['--env-file', envFile('slow', remote(slowUrl, `${slowUrl}/cas`, '500'))]), 'TARGET_TIMEOUT', [secret, password]);
  });

  it('RUN_TIMEOUT_S bounds the reachability probe too: TARGET_TIMEOUT (4), whatever REQUEST_TIMEOUT_MS is', async () => {
    // REQUEST_TIMEOUT_MS at its maximum (10 min): only RUN_TIMEOUT_S can end the probe before the test's hang catcher.
    const outcome = await verify(['--env-file', envFile('slow-probe', { ...remote(slowUrl, `${slowUrl}/cas`, '600000'), RUN_TIMEOUT_S: '3' })]);
    expect(expectOneCodedLine(outcome, 'TARGET_TIMEOUT', [secret, password])).toContain('RUN_TIMEOUT_S=3');
    // What runs, against what, was said before the probe that gave up: the first line comes before anything slow.
    expect(outcome.stdout).toMatch(new RegExp(`^upgrade-guard verify: target ${slowUrl.replace(/[.]/g, '\\.')} \\(TARGET_VERSION 8\\.0\\)`, 'm'));
  });

  it('a token response that is not JSON is TARGET_MALFORMED (5)', async () => {
    expectOneCodedLine(await verify(['--env-file', envFile('malformed', remote(malformedUrl))]), 'TARGET_MALFORMED', [secret, password]);
  });

  it('a gateway error page from the token endpoint is TARGET_UNREACHABLE (3), not a refusal', async () => {
    expectOneCodedLine(await verify(['--env-file', envFile('gateway', remote(gatewayUrl))]), 'TARGET_UNREACHABLE', [secret, password]);
  });

  it('a token response cut off before its Content-Length is TARGET_MALFORMED (5)', async () => {
    expectOneCodedLine(await verify(['--env-file', envFile('truncated', remote(truncatedUrl))]), 'TARGET_MALFORMED', [secret, password]);
  });

  it('a run past RUN_TIMEOUT_S is TARGET_TIMEOUT (4), and the reports of what finished are still written', async () => {
    const reports = join(dir, 'cut-off-reports');
    const outcome = await verify([], { RUN_TIMEOUT_S: '1', REPORTS_DIR: reports });
    expectOneCodedLine(outcome, 'TARGET_TIMEOUT', [secret, password]);
    expect(outcome.stderr).toContain('RUN_TIMEOUT_S=1');
    // No BASE_URL: the summary's first line says the target was the simulator.
    expect(outcome.stdout).toContain('upgrade-guard summary: the EMBEDDED SIMULATOR, not a real target (no BASE_URL set)\n');
    expect(existsSync(join(reports, 'migration-report.md'))).toBe(true);
  });

  it('a target whose module endpoints never answer: RUN_TIMEOUT_S ends the run with TARGET_TIMEOUT (4), reports written', async () => {
    // REQUEST_TIMEOUT_MS at its maximum (10 min): only RUN_TIMEOUT_S can end this run before the test's hang catcher
    // (each suite check and each Pact interaction would wait that long). What bounds the run is the tool, not the test.
    const reports = join(dir, 'hanging-modules-reports');
    const outcome = await verify(['--env-file', envFile('hanging-modules', { ...hangingModulesEnv, REQUEST_TIMEOUT_MS: '600000', RUN_TIMEOUT_S: '20' })], { REPORTS_DIR: reports });
    const line = expectOneCodedLine(outcome, 'TARGET_TIMEOUT', [secret, password]);
    expect(line).toContain('RUN_TIMEOUT_S=20');
    expect(outcome.stdout).toMatch(/^ {2}SUBSET: INCOMPLETE: the run's time ran out \(RUN_TIMEOUT_S=20 s\)/m);
    // The target's tally is never "ok" in a run cut short: what did not run may have failed.
    expect(outcome.stdout).toMatch(/^ {2}(cut |FAIL) target 8\.0 /m);
    expect(outcome.stdout).not.toMatch(/^ {2}ok /m);
    // The contract-breaks step's verifier child is stopped too: the comparison is "not compared", never a break.
    expect(outcome.stdout).toContain('Contract breaks 7.4 → 8.0: not compared: the run did not finish within RUN_TIMEOUT_S=20 s');
    expect(outcome.stdout).not.toContain('contract breaks not as documented');
    // A check or a fixture discovery whose request was in flight at the deadline is not run, never a failure of the
    // target nor a variable to set: only the comparison's line names the deadline as what stopped it.
    const stoppedLines = outcome.stdout.split('\n').filter((line) => line.includes('did not finish within RUN_TIMEOUT_S'));
    expect(stoppedLines.filter((line) => !line.startsWith('Contract breaks 7.4 → 8.0: not compared'))).toEqual([]);
    expect(outcome.stdout).not.toContain('aborted by the user');
    // What finished is kept for `npm run report` (a cut-off shard's checks go into the night's merged report), and
    // every report says the run was cut off.
    const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as RunRecord;
    expect(record.cutOff).toEqual({ runTimeoutSeconds: 20 });
    // The checks the deadline kept from running are in the record as not run, and not counted as finished.
    // A check cut off after it sent a request that changes data says so after the same reason: not finished either.
    const finished = record.results.checks.filter((check) => !(check.note ?? '').startsWith("not run: the run's time ran out (RUN_TIMEOUT_S=20 s)")).length;
    expect(line).toContain(`; ${finished} ${finished === 1 ? 'check' : 'checks'} finished`);
    expect(record.contractBreaks).toEqual({ notRun: 'Contract breaks 7.4 → 8.0: not compared: the run did not finish within RUN_TIMEOUT_S=20 s' });
    // Allure has every check too: none is a result without a status (a check vitest never ran is skipped, with the reason).
    const allure = readdirSync(join(reports, 'allure-results')).filter((name) => name.endsWith('-result.json'));
    const statuses = allure.map((name) => JSON.parse(readFileSync(join(reports, 'allure-results', name), 'utf8')) as { name: string; status?: string });
    expect(statuses.filter((result) => result.status === undefined).map((result) => result.name)).toEqual([]);
    // And a reader of the Allure report alone sees the run was cut short: one broken result says so.
    expect(statuses.filter((result) => result.name.startsWith('INCOMPLETE: ')).map((result) => [result.status, result.name.split(';')[0]])).toEqual([['broken', "INCOMPLETE: the run's time ran out (RUN_TIMEOUT_S=20 s)"]]);
    // Markdown-escaped as written (RUN\_TIMEOUT\_S reads RUN_TIMEOUT_S).
    expect(readFileSync(join(reports, 'migration-report.md'), 'utf8')).toContain("> **Not the whole run:** INCOMPLETE: the run's time ran out (RUN\\_TIMEOUT\\_S=20 s)");
  });

  it('a login that never ends: RUN_TIMEOUT_S ends the run with TARGET_TIMEOUT (4), saying no suite file started and naming them', async () => {
    // REQUEST_TIMEOUT_MS at its maximum (10 min): only RUN_TIMEOUT_S can end the token request before the test's hang catcher.
    const reports = join(dir, 'hanging-login-reports');
    const outcome = await verify(['--env-file', envFile('hanging-login', { ...remote(hangingTokenUrl, `${hangingTokenUrl}/cas`, '600000'), RUN_TIMEOUT_S: '20' })], { REPORTS_DIR: reports });
    const line = expectOneCodedLine(outcome, 'TARGET_TIMEOUT', [secret, password]);
    expect(line).toContain('RUN_TIMEOUT_S=20 s while the targets started and logged in, before any suite file started; 0 checks finished');
    const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as RunRecord;
    expect(record.cutOff).toEqual({ runTimeoutSeconds: 20 });
    // Every suite file of the run is named as one that did not start (the reports list them).
    const files = record.results.notStarted ?? [];
    expect(files).toContain('suites/auth/expiry.test.ts');
    expect(files).toContain('suites/contracts/contracts.test.ts');
    expect(line).toContain(`; ${files.length} suite files did not start`);
  });

  it('refused credentials are LOGIN_FAILED (6)', async () => {
    const lines = Object.fromEntries(platform.envLines().map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    const reports = join(dir, 'reports-refused');
    // An earlier run's results in the folder: a run that ends before writing its own must not leave them to be merged.
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'run-results.json'), '{"format":"upgrade-guard-run-results/1"}\n');
    const outcome = await verify(['--env-file', envFile('refused', { ...lines, LOGIN_PASSWORD: `${password}-wrong` })], { REPORTS_DIR: reports });
    expectOneCodedLine(outcome, 'LOGIN_FAILED', [secret, password]);
    expect(outcome.stderr).toContain('LOGIN_PASSWORD');
    // The logins are the run's setup (src/runner/run-setup.ts): a refused one ends it before any check, says nothing
    // else, and leaves no Allure result.
    expect(outcome.stdout).not.toMatch(fileLinePattern);
    expect(outcome.stderr).not.toContain(progressPrefix);
    expect(readdirSync(join(reports, 'allure-results'))).toEqual([]);
    expect(existsSync(join(reports, 'run-results.json'))).toBe(false);
  });
});
