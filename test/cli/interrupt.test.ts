/**
 * Ctrl-C and SIGTERM through the user's own command, `npm run verify` (docs/command-line.md, "Stopping a run"):
 * - Ctrl-C as a terminal sends it, to the whole process group (npm, its shell, verify, the Pact verifier child), once
 *   the first check line is out: exit 130, one line on stderr, the reports of what finished marked INTERRUPTED, and
 *   none of the earlier run's reports left to read as current;
 * - SIGTERM to npm alone, as a job runner stops a step, against a simulator process as a real target with short-lived
 *   tokens (its refresh tokens rotate through the token store while the run is stopped): exit 143, one line, and a
 *   token store that is still whole;
 * - Ctrl-C against a target that never answers: the first line (what runs, against what) is out before the slow part,
 *   and a stop before any check ran still ends with its one line;
 * - Ctrl-C while the run logs in to a target that never answers the login: the run ends at once with that line;
 * - Ctrl-C the moment the command says it is starting: its one line says whether the earlier reports are gone.
 * The signals are sent when a line appears, never after a wait.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configVariables } from '../../src/config/variables.ts';
import { runReportFiles } from '../../src/report/earlier-reports.ts';
import { progressPrefix } from '../../src/report/progress-reporter.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { close, listen, origin } from '../support/loopback-server.ts';
import { simEnvLines } from '../support/sim-env-lines.ts';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ug-interrupt-'));
const started: ChildProcess[] = [];
const servers: Server[] = [];

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(servers.map(close));
});

interface Stopped {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `npm run verify -- …args` in a process group of its own; `stop` is called once with the child the first time
 * stdout holds a line matching `when`.
 */
function verifyUntil(args: readonly string[], variables: Record<string, string>, when: RegExp, stop: (child: ChildProcess) => void): Promise<Stopped> {
  const env: NodeJS.ProcessEnv = { ...process.env, PACT_DO_NOT_TRACK: 'true', ...variables };
  for (const name of configVariables) if (!(name in variables)) delete env[name];
  const child = spawn('npm', ['run', 'verify', '--', ...args], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stdout = '';
  let stderr = '';
  let stopped = false;
  const hang = setTimeout(() => process.kill(-(child.pid ?? 0), 'SIGKILL'), HANG_TIMEOUT_MS);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!stopped && stdout.split('\n').some((line) => when.test(line))) {
      stopped = true;
      stop(child);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(hang);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What a terminal does on Ctrl-C: SIGINT to every process of the foreground group. */
function ctrlC(child: ChildProcess): void {
  process.kill(-(child.pid ?? 0), 'SIGINT');
}

/** stderr without npm's own warnings and the plain progress lines. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn') && !line.startsWith(progressPrefix));
}

/** Every report an earlier run leaves, each reading "stale". */
function earlierReports(reportsDir: string): void {
  mkdirSync(join(reportsDir, 'allure-report'), { recursive: true });
  for (const name of runReportFiles) if (name !== 'allure-report') writeFileSync(join(reportsDir, name), 'stale\n');
  writeFileSync(join(reportsDir, 'allure-report', 'index.html'), 'stale\n');
}

/** The variables of a real 8.0 target at `target` (the test's loopback server) with a REQUEST_TIMEOUT_MS of 10 min; `name` names its token store. */
function unansweredTarget(target: string, reportsDir: string, name: string): Record<string, string> {
  return {
    REPORTS_DIR: reportsDir,
    TOKEN_STORE: join(dir, `${name}-state`, 'tokens.json'),
    TARGET_VERSION: '8.0',
    BASE_URL: target,
    AUTH_URL: `${target}/cas`,
    CLIENT_ID: 'app',
    CLIENT_SECRET: 'never-printed-secret',
    REDIRECT_URI: 'http://127.0.0.1:9/callback',
    LOGIN_USERNAME: 'ada',
    LOGIN_PASSWORD: 'never-printed-password',
    REQUEST_TIMEOUT_MS: '600000',
  };
}

/** Ctrl-C before any check ran: exit 130, its one line, no report of this run or the earlier one, and no secret. */
function expectStoppedBeforeAnyCheck(outcome: Stopped, reportsDir: string): void {
  expect(outcome.code, outcome.stderr).toBe(130);
  const lines = errorLines(outcome.stderr);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^INTERRUPTED: SIGINT; stopped before any check ran/);
  for (const name of runReportFiles) expect(existsSync(join(reportsDir, name)), name).toBe(false);
  expect(`${outcome.stdout}${outcome.stderr}`).not.toMatch(/never-printed/);
}

const checkLine = /^[✓✗] /;

describe('Ctrl-C and SIGTERM during npm run verify', () => {
  it(
    'Ctrl-C once the first check line is out: exit 130, one line, the reports of what finished marked INTERRUPTED, no earlier report left',
    async () => {
      const reportsDir = join(dir, 'ctrl-c');
      earlierReports(reportsDir);
      // --latency-ms keeps the embedded run going after its first file, so the signal finds checks still to run.
      const outcome = await verifyUntil(['--no-html', '--latency-ms', '100', '--suites', 'auth,modules'], { REPORTS_DIR: reportsDir }, checkLine, ctrlC);

      expect(outcome.code, outcome.stderr).toBe(130);
      const lines = errorLines(outcome.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^INTERRUPTED: SIGINT; reports of the \d+ checks? that finished are in /);
      expect(outcome.stderr).not.toMatch(/^\s+at /m);

      const record = JSON.parse(readFileSync(join(reportsDir, 'run-results.json'), 'utf8')) as { interrupted?: { signal: string }; results: { checks: { note?: string }[] } };
      expect(record.interrupted).toEqual({ signal: 'SIGINT' });
      expect(record.results.checks.some((check) => check.note?.includes('INTERRUPTED'))).toBe(true);
      expect(readFileSync(join(reportsDir, 'summary.txt'), 'utf8')).toMatch(/INTERRUPTED: the run was stopped by SIGINT/);
      expect(readFileSync(join(reportsDir, 'migration-report.md'), 'utf8')).toMatch(/INTERRUPTED: the run was stopped by SIGINT/);
      expect(readFileSync(join(reportsDir, 'migration-report.html'), 'utf8')).toContain('INTERRUPTED');
      const allure = readdirSync(join(reportsDir, 'allure-results')).filter((name) => name.endsWith('-result.json'));
      const marks = allure.map((name) => JSON.parse(readFileSync(join(reportsDir, 'allure-results', name), 'utf8')) as { name: string; status: string }).filter((result) => result.name.startsWith('INTERRUPTED'));
      expect(marks.map((mark) => mark.status)).toEqual(['broken']);
      // A check the signal kept from running is skipped in Allure with that reason, never a result without a status.
      const statuses = allure.map((name) => JSON.parse(readFileSync(join(reportsDir, 'allure-results', name), 'utf8')) as { name: string; status?: string });
      expect(statuses.filter((result) => result.status === undefined).map((result) => result.name)).toEqual([]);
      // --no-html renders none: the earlier run's Allure report and contract breaks are gone, not left as if current.
      for (const name of ['allure-report', 'contract-breaks.md', 'contract-breaks.json']) expect(existsSync(join(reportsDir, name)), name).toBe(false);
      // The skips this run wrote, its own: the checks the signal kept from running among them.
      expect(readFileSync(join(reportsDir, 'skipped-checks.md'), 'utf8')).toMatch(/not run: the run was stopped by SIGINT \(INTERRUPTED\)/);
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it(
    'SIGTERM to npm against a simulator process: exit 143, one line, and the token store is whole',
    async () => {
      const sim = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', '--version', '8.0', '--port', '0', '--token-ttl', '2'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
      started.push(sim);
      const envLines = await simEnvLines(sim.stdout!);
      const envFile = join(dir, 'sim.env');
      writeFileSync(envFile, `${Object.entries(envLines).map(([key, value]) => `${key}=${value}`).join('\n')}\n`);
      const reportsDir = join(dir, 'sigterm');
      const tokenStore = join(dir, 'state', 'tokens.json');
      earlierReports(reportsDir);
      const outcome = await verifyUntil(
        ['--env-file', envFile, '--no-html'],
        // REQUEST_TIMEOUT_MS only catches a hang of the simulator process.
        { REPORTS_DIR: reportsDir, TOKEN_STORE: tokenStore, EXPIRY_MAX_WAIT_S: '4', REQUEST_TIMEOUT_MS: '60000' },
        checkLine,
        (child) => child.kill('SIGTERM'),
      );
      sim.kill('SIGTERM');

      expect(outcome.code, outcome.stderr).toBe(143);
      const lines = errorLines(outcome.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^INTERRUPTED: SIGTERM; /);
      const stored = JSON.parse(readFileSync(tokenStore, 'utf8')) as { refreshToken?: unknown };
      expect(typeof stored.refreshToken).toBe('string');
      const record = JSON.parse(readFileSync(join(reportsDir, 'run-results.json'), 'utf8')) as { interrupted?: { signal: string } };
      expect(record.interrupted).toEqual({ signal: 'SIGTERM' });
      for (const secret of [envLines.CLIENT_SECRET, envLines.LOGIN_PASSWORD, stored.refreshToken]) {
        if (typeof secret === 'string') expect(`${outcome.stdout}${outcome.stderr}`).not.toContain(secret);
      }
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it(
    'a target that never answers: the first line is out before the preflight, and Ctrl-C then ends the run with its one line',
    async () => {
      // Accepts every request and never answers it: the preflight and the login would wait REQUEST_TIMEOUT_MS (10 min).
      const silent = await listen(() => undefined);
      servers.push(silent);
      const target = origin(silent);
      const reportsDir = join(dir, 'silent');
      earlierReports(reportsDir);
      const outcome = await verifyUntil(
        ['--no-html'],
        unansweredTarget(target, reportsDir, 'silent'),
        /^upgrade-guard verify: /,
        ctrlC,
      );

      expect(outcome.stdout).toContain(`upgrade-guard verify: target ${target} (TARGET_VERSION 8.0)`);
      expectStoppedBeforeAnyCheck(outcome, reportsDir);
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it(
    "Ctrl-C the moment the command says it is starting: exit 130 and its one line, saying whether the earlier run's reports were removed, as the folder shows",
    async () => {
      const silent = await listen(() => undefined);
      servers.push(silent);
      const reportsDir = join(dir, 'starting');
      earlierReports(reportsDir);
      // The signal goes as the command's first line appears, while its modules load: before verify watches for signals
      // itself (src/cli/first-signals.ts), or, on a busy machine, just after.
      const outcome = await verifyUntil(['--no-html'], unansweredTarget(origin(silent), reportsDir, 'starting'), /^upgrade-guard: starting verify/, ctrlC);

      expect(outcome.code, outcome.stderr).toBe(130);
      const lines = errorLines(outcome.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^INTERRUPTED: SIGINT; stopped (as it started, )?before any check ran/);
      const left = runReportFiles.filter((name) => existsSync(join(reportsDir, name)));
      if (lines[0]?.includes('REPORTS_DIR is as it was')) expect(left).toEqual(runReportFiles);
      else expect(left).toEqual([]);
      expect(`${outcome.stdout}${outcome.stderr}`).not.toMatch(/never-printed/);
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it(
    'Ctrl-C while the run logs in: the run ends at once with its one line, not once the login has had REQUEST_TIMEOUT_MS',
    async () => {
      // Answers the preflight's probes of BASE_URL and AUTH_URL; the login's first request is never answered, and it is
      // when that request arrives that the terminal's Ctrl-C comes. The auth suite alone: no contract-breaks step logs
      // in beside the run's setup, so that request is the setup's.
      let verifying: ChildProcess | undefined;
      const loginHangs = await listen((request, response) => {
        if (request.url === '/' || request.url === '/cas') {
          response.end('ok');
          return;
        }
        if (verifying) ctrlC(verifying);
        verifying = undefined;
      });
      servers.push(loginHangs);
      const target = origin(loginHangs);
      const reportsDir = join(dir, 'login-hangs');
      earlierReports(reportsDir);
      const running = verifyUntil(
        ['--suites', 'auth', '--no-html'],
        unansweredTarget(target, reportsDir, 'login-hangs'),
        /^upgrade-guard verify: /,
        () => undefined,
      );
      verifying = started.at(-1);
      const outcome = await running;

      expectStoppedBeforeAnyCheck(outcome, reportsDir);
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it(
    'SIGTERM to npm during an upgrade rehearsal: the target that runs writes its reports, the next does not start, the merge says so, exit 143',
    async () => {
      const envFiles: string[] = [];
      for (const version of ['7.4', '8.0']) {
        const sim = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', '--version', version, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
        started.push(sim);
        const envLines = await simEnvLines(sim.stdout!);
        const file = join(dir, `rehearsal-${version}.env`);
        writeFileSync(file, `${Object.entries(envLines).map(([key, value]) => `${key}=${value}`).join('\n')}\n`);
        envFiles.push(file);
      }
      const reportsDir = join(dir, 'rehearsal');
      earlierReports(reportsDir);
      const outcome = await verifyUntil(
        ['--env-file', envFiles[0] ?? '', '--env-file', envFiles[1] ?? '', '--no-html'],
        { REPORTS_DIR: reportsDir, TOKEN_STORE: join(dir, 'rehearsal-state', 'tokens.json'), REQUEST_TIMEOUT_MS: '60000' },
        checkLine,
        (child) => child.kill('SIGTERM'),
      );
      expect(outcome.code, outcome.stderr).toBe(143);
      expect(outcome.stdout).toContain('the 7.4 target of');
      expect(outcome.stdout).not.toContain('the 8.0 target of');
      expect(errorLines(outcome.stderr).at(-1)).toMatch(/^INTERRUPTED: SIGTERM; the rehearsal was stopped after 1 of 2 targets; the merged reports of what finished are in /);
      expect(outcome.stderr).not.toMatch(/^\s+at /m);
      const target = JSON.parse(readFileSync(join(`${reportsDir}-7.4`, 'run-results.json'), 'utf8')) as { interrupted?: { signal: string } };
      expect(target.interrupted).toEqual({ signal: 'SIGTERM' });
      const merged = JSON.parse(readFileSync(join(reportsDir, 'run-results.json'), 'utf8')) as { incomplete?: string[] };
      expect(merged.incomplete?.join(' ')).toMatch(/stopped by SIGTERM \(INTERRUPTED\)/);
      // The earlier rehearsal's reports were removed at the start: none reads as current.
      for (const name of ['contract-breaks.md', 'allure-report']) expect(existsSync(join(reportsDir, name)), name).toBe(false);
    },
    HANG_TEST_TIMEOUT_MS,
  );
});
