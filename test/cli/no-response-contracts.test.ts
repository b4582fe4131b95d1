/**
 * A target that gives no response during provider verification: it resets
 * every module connection, never answers a module request, or answers and
 * then drips its body for ever. Through the user's command, `npm run
 * verify`, the run goes on; each interaction fails with one readable line
 * saying what the target did (no stack trace, not the verifier's own words
 * about its proxy), a target that times out is given up on after three
 * timeouts in a row, and the cross-version comparison counts no break: no
 * response is "not compared", with the reason, and the verdict says the
 * comparison is incomplete.
 *
 * The doubles are the embedded platform behind a loopback proxy that
 * forwards the CAS and the reachability probe (`/`) and resets, holds or
 * drips everything else. Timeouts only catch hangs (test/support/hang-timeout.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';

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
const proxies: Server[] = [];
const outcomes = new Map<Misbehaviour, VerifyOutcome>();

function misbehavingProxy(upstream: URL, misbehaviour: Misbehaviour): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    if (path !== '/' && !path.startsWith('/cas')) {
      // A hang holds the request until the proxy closes (afterAll); only the client's timeout ends its wait.
      if (misbehaviour === 'reset') req.socket.destroy();
      // A drip answers at once and sends a byte of body every half second, for ever: no gap reaches a timeout.
      if (misbehaviour === 'drip') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const drip = setInterval(() => res.write(' '), 500);
        res.on('close', () => clearInterval(drip));
      }
      return;
    }
    const forwarded = request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
}

async function runAgainst(misbehaviour: Misbehaviour, lines: readonly string[], upstream: URL): Promise<VerifyOutcome> {
  const proxy = misbehavingProxy(upstream, misbehaviour);
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const envFile = join(dir, `${misbehaviour}.env`);
  // 10 s: the CAS behind the proxy must not time out on a busy machine; the hang is given up on after three.
  writeFileSync(envFile, [...lines.map((line) => line.replaceAll(upstream.origin, proxied)), 'REQUEST_TIMEOUT_MS=10000'].join('\n'));
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
  for (const proxy of proxies) proxy.closeAllConnections();
  await Promise.all(proxies.map((proxy) => new Promise((resolve) => proxy.close(resolve))));
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
}

describe.each(['reset', 'hang', 'drip'] as const)('provider verification against a target that gives no response (%s)', (misbehaviour) => {
  it('exits 1 (checks failed) without a stack trace or the verifier proxy’s crash', () => {
    const outcome = outcomeOf(misbehaviour);
    expect(outcome.code, outcome.stderr).toBe(1);
    const all = `${outcome.stdout}\n${outcome.stderr}`;
    expect(all).not.toMatch(/^\s+at /m);
    expect(all).not.toContain('Node.js v');
    expect(all).not.toContain('http-proxy');
    // The Rust verifier's words for a request its proxy could not complete name the proxy, not the target.
    expect(all).not.toContain('error sending request for url');
    for (const value of [secret, password]) expect(all).not.toContain(value);
  });

  it('fails each verified interaction once, with one line saying what the target did', () => {
    const outcome = outcomeOf(misbehaviour);
    const record = JSON.parse(readFileSync(join(dir, misbehaviour, 'reports', 'run-results.json'), 'utf8')) as { results: { checks: RecordedCheck[] } };
    const contracts = record.results.checks.filter((check) => check.id.startsWith('contract.'));
    const failedIds = contracts.filter((check) => check.state === 'failed').map((check) => check.id);
    // Every interaction has a verdict: a failure, or a skip by choice (the mutation guard).
    expect(contracts.every((check) => check.state === 'failed' || check.state === 'skipped')).toBe(true);
    expect(failedIds.length).toBeGreaterThan(1);
    const failedLines = outcome.stdout.split('\n').filter((line) => line.trimStart().startsWith('✗ target 8.0 contract.'));
    expect(failedLines.map((line) => /contract\.[\w.-]+(?=:)/.exec(line)?.[0]).sort()).toEqual([...failedIds].sort());
    for (const line of failedLines) {
      expect(line).toMatch(/the target gave no response for the contract ".+": /);
      expect(line).toMatch(saying[misbehaviour]);
    }
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
