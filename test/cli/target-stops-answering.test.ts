/**
 * A staging that stops answering in the middle of a night's run (a redeploy
 * that resets every connection, a gateway that answers 503 for everything, the
 * CAS included) is no finding about 8.0. Through the user's commands: the
 * checks that got no answer are not checked, each saying what the target did,
 * and none passes on a gateway's page either (a refusal read from a 503 is no
 * refusal); no finding is counted for them; the reports of what it answered
 * are written; the run ends INCOMPLETE with TARGET_UNREACHABLE (3) and one
 * line; and `npm run report` merging that folder ends the same way.
 *
 * The doubles are the embedded platform behind a loopback proxy that forwards
 * every request until the first module requests are answered, then resets
 * every module connection, or answers every request with a gateway's 503
 * page: the target "dies" after a count of requests, not after a time. A POST
 * answered 503 once is no answer only because the host's root gets none
 * either (a backend that crashed on one request stays a finding: unit test
 * test/unit/gateway-answer.test.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunReport, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { closeProxies, misbehavingProxy, writeProxiedEnv, type MisbehavingProxy } from '../support/misbehaving-proxy.ts';

const secret = 'cs-do-not-print-0123456789';
const password = 'pw-do-not-print-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ug-stops-answering-'));
/** Module requests the target answers before it goes. */
const answeredBeforeItGoes = 12;

type Death = 'reset' | 'gateway';
const deaths = ['reset', 'gateway'] as const;
const saying: Record<Death, RegExp> = {
  reset: /reset the connection|could not be reached/,
  gateway: /answered (HTTP )?503.*a gateway or the (target|CAS) is down/,
};

let platform: Platform;
const proxies: MisbehavingProxy[] = [];
const runs = new Map<Death, VerifyOutcome>();
const reportsOf = (death: Death): string => join(dir, death, 'reports');

interface RecordedCheck {
  readonly id: string;
  readonly state: string;
  readonly note?: string;
  readonly noAnswer?: string;
}

/** Forwards everything until the first module requests are answered; then the target is gone. */
function dying(death: Death): (req: IncomingMessage, res: ServerResponse) => boolean {
  let moduleRequests = 0;
  return (req, res) => {
    const path = req.url ?? '/';
    const module = path !== '/' && !path.startsWith('/cas');
    if (module) moduleRequests += 1;
    if (moduleRequests <= answeredBeforeItGoes) return false;
    // A gateway's page for everything from now on: the CAS's requests and the root's too.
    if (death === 'gateway') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>Service Temporarily Unavailable</h1></body></html>');
      return true;
    }
    if (!module) return false;
    req.socket.destroy();
    return true;
  };
}

async function runAgainst(death: Death, lines: readonly string[], upstream: URL): Promise<VerifyOutcome> {
  const proxy = await misbehavingProxy(upstream, dying(death));
  proxies.push(proxy);
  const envFile = join(dir, `${death}.env`);
  writeProxiedEnv(envFile, lines, upstream, proxy);
  // REQUEST_TIMEOUT_MS only catches a hang: on a busy machine an answer the proxy forwards may wait seconds for a CPU,
  // and a timeout would be another silence (TARGET_TIMEOUT) than the one this double stages.
  return npmRunVerify(['--env-file', envFile, '--suites', 'auth,modules'], { REPORTS_DIR: reportsOf(death), TOKEN_STORE: join(dir, death, 'state', 'tokens.json'), REQUEST_TIMEOUT_MS: '60000' }, HANG_TIMEOUT_MS);
}

beforeAll(async () => {
  platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: password, limited: password } });
  await platform.listen(0);
  const lines = platform.envLines();
  const upstream = new URL(lines.find((line) => line.startsWith('BASE_URL='))?.slice('BASE_URL='.length) ?? '');
  const outcomes = await Promise.all(deaths.map((death) => runAgainst(death, lines, upstream)));
  for (const [index, death] of deaths.entries()) runs.set(death, outcomes[index] as VerifyOutcome);
}, HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await closeProxies(proxies);
  await platform?.close();
});

function runOf(death: Death): VerifyOutcome {
  const run = runs.get(death);
  if (!run) throw new Error(`the ${death} run did not happen`);
  return run;
}

function recordedChecks(folder: string): RecordedCheck[] {
  return (JSON.parse(readFileSync(join(folder, 'run-results.json'), 'utf8')) as { results: { checks: RecordedCheck[] } }).results.checks;
}

describe.each(deaths)('a target that stops answering during the run (%s)', (death) => {
  it('ends with TARGET_UNREACHABLE (3) and one line naming how many checks got no answer and where the reports are', () => {
    const run = runOf(death);
    expect(run.code, run.stderr).toBe(3);
    const last = run.stderr.trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^TARGET_UNREACHABLE: the target stopped answering during the run: \d+ checks got no answer \(target 8\.0; first [\w.-]+: /);
    expect(last).toMatch(saying[death]);
    expect(last).toContain(reportsOf(death));
    const all = `${run.stdout}\n${run.stderr}`;
    expect(all).not.toMatch(/^\s+at /m);
    for (const value of [secret, password]) expect(all).not.toContain(value);
  });

  it('counts no finding for what got no answer: those checks are not checked, each saying what the target did, none passed on a gateway\'s page, and the verdict is INCOMPLETE', () => {
    const run = runOf(death);
    const checks = recordedChecks(reportsOf(death));
    const unanswered = checks.filter((check) => check.noAnswer !== undefined);
    expect(unanswered.length).toBeGreaterThan(0);
    for (const check of unanswered) {
      expect(check.state).toBe('skipped');
      expect(check.noAnswer).toBe('TARGET_UNREACHABLE');
      expect(check.note).toMatch(/^not checked: the target gave no answer: /);
      expect(check.note).toMatch(saying[death]);
    }
    if (death === 'gateway') {
      // The login page that is a gateway's (src/auth/login-driver.ts), and a POST sent once whose host's root gets no
      // answer either (src/check/gateway-answer.ts): no refusal is read from either.
      const notes = unanswered.map((check) => check.note ?? '');
      expect(notes.some((note) => /the CAS answered HTTP 503 at .*: a gateway or the CAS is down, not a page of the login/.test(note))).toBe(true);
      expect(notes.some((note) => /^not checked: the target gave no answer: POST \S+ answered 503, and GET \S+\/ got 503 through the retries/.test(note))).toBe(true);
    }
    // What it answered before it went was checked, and nothing failed for want of an answer.
    expect(checks.filter((check) => check.state === 'passed').length).toBeGreaterThan(0);
    expect(checks.filter((check) => check.state === 'failed').map((check) => check.id)).toEqual([]);
    expect(run.stdout).toMatch(new RegExp(`^VERDICT: INCOMPLETE \\(.*\\); INCOMPLETE: the target gave no answer to ${unanswered.length} checks \\(target 8\\.0\\)`, 'm'));
    expect(readFileSync(join(reportsOf(death), 'migration-report.md'), 'utf8')).toContain(`INCOMPLETE: the target gave no answer to ${unanswered.length} checks`);
  });

  it('merged by npm run report, ends the same way: never a green night', async () => {
    const merged = await npmRunReport(['--out', join(dir, death, 'merged'), reportsOf(death)], HANG_TIMEOUT_MS);
    expect(merged.code, merged.stderr).toBe(3);
    expect(merged.stderr.trim().split('\n').at(-1)).toMatch(/^TARGET_UNREACHABLE: the target stopped answering during the run: /);
  }, HANG_TEST_TIMEOUT_MS);
});
