/**
 * A target that gives no response during provider verification: it resets
 * every module connection, never answers a module request, or answers and
 * then drips its body for ever. Through the user's command, `npm run
 * verify`, the run goes on; no interaction is a finding: each is not
 * checked, its note saying what the target did (no stack trace, not the
 * verifier's own words about its proxy), a target that times out is given up
 * on after three timeouts in a row, the cross-version comparison counts no
 * break (no response is "not compared", with the reason), and the run ends
 * INCOMPLETE with the code of what happened and one line.
 *
 * The doubles are the embedded platform behind a loopback proxy that
 * forwards the CAS and the reachability probe (`/`) and resets, holds or
 * drips everything else. Timeouts only catch hangs (test/support/hang-timeout.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { closeProxies, misbehavingProxy, writeProxiedEnv, type MisbehavingProxy } from '../support/misbehaving-proxy.ts';

const secret = 'cs-do-not-print-0123456789';
const password = 'pw-do-not-print-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ug-no-response-'));

type Misbehaviour = 'reset' | 'hang' | 'drip';
/**
 * What each double's failures may say. On a busy machine a request may wait for a run permit first, held by requests
 * the target holds: then the target had less than the whole timeout, perhaps too little to see even a dripping
 * answer's head, or the verifier gave up before the request was sent, and the line says which.
 */
const shortOrUnsent = /did not answer in the \d+ ms it had of REQUEST_TIMEOUT_MS=10000 ms|not sent: (the target timed out 3 times in a row|the verifier gave up after \d+ ms while the request waited for its token or a run permit)/;
const saying: Record<Misbehaviour, RegExp> = {
  reset: /reset the connection \((ECONNRESET|UND_ERR_SOCKET)|could not be reached/,
  hang: new RegExp(`did not answer within 10000 ms \\(REQUEST_TIMEOUT_MS\\)|${shortOrUnsent.source}`),
  drip: new RegExp(`answered 200 but its body did not arrive (within 10000 ms \\(REQUEST_TIMEOUT_MS\\)|in the \\d+ ms it had of REQUEST_TIMEOUT_MS=10000 ms)|${shortOrUnsent.source}`),
};

let platform: Platform;
const proxies: MisbehavingProxy[] = [];
const outcomes = new Map<Misbehaviour, VerifyOutcome>();

/** Answers a module request itself, wrongly; the CAS and the reachability probe (`/`) are forwarded. */
function misbehave(misbehaviour: Misbehaviour): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = req.url ?? '/';
    if (path === '/' || path.startsWith('/cas')) return false;
    // A hang holds the request until the proxy closes (afterAll); only the client's timeout ends its wait.
    if (misbehaviour === 'reset') req.socket.destroy();
    // A drip answers at once and sends a byte of body every half second, for ever: no gap reaches a timeout.
    if (misbehaviour === 'drip') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => res.write(' '), 500);
      res.on('close', () => clearInterval(drip));
    }
    return true;
  };
}

async function runAgainst(misbehaviour: Misbehaviour, lines: readonly string[], upstream: URL): Promise<VerifyOutcome> {
  const proxy = await misbehavingProxy(upstream, misbehave(misbehaviour));
  proxies.push(proxy);
  const envFile = join(dir, `${misbehaviour}.env`);
  // 10 s: the CAS behind the proxy must not time out on a busy machine; the hang is given up on after three.
  writeProxiedEnv(envFile, lines, upstream, proxy, ['REQUEST_TIMEOUT_MS=10000']);
  const where = join(dir, misbehaviour);
  return npmRunVerify(['--env-file', envFile, '--suites', 'contracts'], { REPORTS_DIR: join(where, 'reports'), TOKEN_STORE: join(where, 'state', 'tokens.json') }, HANG_TIMEOUT_MS);
}

beforeAll(async () => {
  platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: password, limited: password } });
  await platform.listen(0);
  const lines = platform.envLines();
  const upstream = new URL(lines.find((line) => line.startsWith('BASE_URL='))?.slice('BASE_URL='.length) ?? '');
  const misbehaviours = ['reset', 'hang', 'drip'] as const;
  const runs = await Promise.all(misbehaviours.map((misbehaviour) => runAgainst(misbehaviour, lines, upstream)));
  for (const [index, misbehaviour] of misbehaviours.entries()) outcomes.set(misbehaviour, runs[index] as VerifyOutcome);
}, HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await closeProxies(proxies);
  await platform.close();
});

function outcomeOf(misbehaviour: Misbehaviour): VerifyOutcome {
  const outcome = outcomes.get(misbehaviour);
  if (!outcome) throw new Error(`the ${misbehaviour} run did not happen`);
  return outcome;
}

interface RecordedCheck {
  readonly id: string;
  readonly state: string;
  readonly note?: string;
  readonly noAnswer?: string;
}

describe.each(['reset', 'hang', 'drip'] as const)('provider verification against a target that gives no response (%s)', (misbehaviour) => {
  it('ends with one coded line, what happened (3 for a reset, 4 for a target that does not answer in time), without a stack trace or the verifier proxy’s crash', () => {
    const outcome = outcomeOf(misbehaviour);
    const code = misbehaviour === 'reset' ? 'TARGET_UNREACHABLE' : 'TARGET_TIMEOUT';
    expect(outcome.code, outcome.stderr).toBe(misbehaviour === 'reset' ? 3 : 4);
    expect(outcome.stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`^${code}: the target stopped answering during the run: \\d+ checks? got no answer \\(target 8\\.0; first contract\\.`));
    const all = `${outcome.stdout}\n${outcome.stderr}`;
    expect(all).not.toMatch(/^\s+at /m);
    expect(all).not.toContain('Node.js v');
    expect(all).not.toContain('http-proxy');
    // The Rust verifier's words for a request its proxy could not complete name the proxy, not the target.
    expect(all).not.toContain('error sending request for url');
    for (const value of [secret, password]) expect(all).not.toContain(value);
  });

  it('finds nothing: each verified interaction is not checked, once, its note saying what the target did, and the run is incomplete', () => {
    const outcome = outcomeOf(misbehaviour);
    const record = JSON.parse(readFileSync(join(dir, misbehaviour, 'reports', 'run-results.json'), 'utf8')) as { results: { checks: RecordedCheck[] } };
    const contracts = record.results.checks.filter((check) => check.id.startsWith('contract.'));
    // Every interaction has a verdict: not checked for want of an answer, or a skip by choice (the mutation guard).
    expect(contracts.filter((check) => check.state !== 'skipped')).toEqual([]);
    const unanswered = contracts.filter((check) => check.noAnswer !== undefined);
    expect(unanswered.length).toBeGreaterThan(1);
    for (const check of unanswered) {
      expect(check.note).toMatch(/^not checked: the target gave no answer: the contract ".+": /);
      expect(check.note).toMatch(saying[misbehaviour]);
    }
    expect(outcome.stdout).not.toMatch(/✗ target 8\.0 contract\./);
    expect(outcome.stdout).toMatch(new RegExp(`^VERDICT: .*; INCOMPLETE: the target gave no answer to ${unanswered.length} checks \\(target 8\\.0\\)`, 'm'));
  });

  it('counts no contract break: every interaction without a response is not compared, and the verdict says the comparison is incomplete', () => {
    const outcome = outcomeOf(misbehaviour);
    const reports = join(dir, misbehaviour, 'reports');
    const report = JSON.parse(readFileSync(join(reports, 'contract-breaks.json'), 'utf8')) as { counts: Record<string, number> };
    expect(report.counts.documentedBreaks).toBe(0);
    expect(report.counts.undocumentedBreaks).toBe(0);
    expect(report.counts.unanswered).toBeGreaterThan(0);
    expect(outcome.stdout).toMatch(/Contract breaks 7\.4 → 8\.0 .*0 undocumented.*NOT compared in full: \d+ without a response from the target/);
    const markdown = readFileSync(join(reports, 'contract-breaks.md'), 'utf8');
    expect(markdown).not.toContain('NOT as documented');
    const notCompared = markdown.split('\n').filter((line) => line.includes('not compared: no response to compare'));
    expect(notCompared).toHaveLength(report.counts.unanswered ?? -1);
    for (const line of notCompared) expect(line).toMatch(saying[misbehaviour]);
  });
});
