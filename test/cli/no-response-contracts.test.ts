/**
 * A target that resets every module connection during provider verification
 * (issue 8): the run goes on, each interaction fails with one readable line
 * saying the target gave no response, nothing prints a stack trace, and the
 * cross-version comparison counts no break: no response is "not compared",
 * and the verdict says the comparison is incomplete.
 *
 * The double is the embedded platform behind a loopback proxy that forwards
 * the CAS and the reachability probe (`/`) and resets everything else.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';

const secret = 'cs-do-not-print-0123456789';
const password = 'pw-do-not-print-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ug-no-response-'));
/** A safety net for a hung child, not a measure (time bounds belong in the benchmark). */
const COMMAND_TIMEOUT_MS = 300_000;

let platform: Platform;
let proxy: Server;
let outcome: VerifyOutcome;

function resettingProxy(upstream: URL): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    if (path !== '/' && !path.startsWith('/cas')) {
      req.socket.destroy();
      return;
    }
    const forwarded = request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
}

beforeAll(async () => {
  platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: password, limited: password } });
  await platform.listen(0);
  const lines = platform.envLines();
  const baseUrl = lines.find((line) => line.startsWith('BASE_URL='))?.slice('BASE_URL='.length) ?? '';
  const upstream = new URL(baseUrl);
  proxy = resettingProxy(upstream);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const envFile = join(dir, 'resetting.env');
  writeFileSync(envFile, [...lines.map((line) => line.replaceAll(upstream.origin, proxied)), 'REQUEST_TIMEOUT_MS=30000'].join('\n'));
  outcome = await npmRunVerify(['--env-file', envFile, '--suites', 'contracts'], { REPORTS_DIR: join(dir, 'reports'), TOKEN_STORE: join(dir, 'state', 'tokens.json') }, COMMAND_TIMEOUT_MS);
}, COMMAND_TIMEOUT_MS + 30_000);

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await platform.close();
});

describe('provider verification against a target that resets every module connection', () => {
  it('exits 1 (checks failed) without a stack trace or the verifier proxy’s crash', () => {
    expect(outcome.code, outcome.stderr).toBe(1);
    const all = `${outcome.stdout}\n${outcome.stderr}`;
    expect(all).not.toMatch(/^\s+at /m);
    expect(all).not.toContain('Node.js v');
    expect(all).not.toContain('http-proxy');
    for (const value of [secret, password]) expect(all).not.toContain(value);
  });

  it('fails each verified interaction with one line saying the target gave no response', () => {
    const failed = outcome.stdout.split('\n').filter((line) => line.trimStart().startsWith('✗ target 8.0 contract.'));
    expect(failed.length).toBeGreaterThan(1);
    for (const line of failed) expect(line).toMatch(/the target gave no response for the contract ".+": .*(reset the connection \(ECONNRESET\)|could not be reached)/);
    expect(outcome.stdout).toContain('no response: the target reset the connection (ECONNRESET)');
  });

  it('counts no contract break: every interaction is not compared, and the verdict says the comparison is incomplete', () => {
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'contract-breaks.json'), 'utf8')) as { counts: Record<string, number> };
    expect(report.counts.documentedBreaks).toBe(0);
    expect(report.counts.undocumentedBreaks).toBe(0);
    expect(report.counts.unanswered).toBeGreaterThan(0);
    expect(outcome.stdout).toMatch(/Contract breaks 7\.4 → 8\.0 .*0 undocumented.*NOT compared in full: \d+ without a response from the target/);
  });
});
