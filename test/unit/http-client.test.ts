import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/client.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { ConcurrencyLimiter } from '../../src/http/limiter.ts';
import { UpgradeGuardError, runTimedOut, runTimedOutSeconds } from '../../src/errors.ts';
import { once } from 'node:events';
import { RunPermits } from '../../src/http/run-permits.ts';

// Real loopback sockets: the failure modes under test (refused, slow, malformed) are the transport's own.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
    if (req.url === '/hang') return;
    if (req.url === '/stall') return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"items":[');
    if (req.url === '/truncated') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items":[');
      return void setImmediate(() => res.socket?.destroy());
    }
    if (req.url === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    // Not HTTP at all: the parser cannot read the answer.
    if (req.url === '/garbled') return void res.socket?.end('HTTP/1.1 2OO NOT A STATUS\r\n\r\n');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpgradeGuardError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('HttpClient', () => {
  it('parses JSON bodies', async () => {
    const client = new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    const response = await client.request({ method: 'GET', url: `${base}/json` });
    expect(response.json()).toEqual({ ok: true });
    await client.close();
  });

  it('a body that is not JSON is TARGET_MALFORMED, not a SyntaxError', async () => {
    const client = new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    const response = await client.request({ method: 'GET', url: `${base}/html` });
    expect(() => response.json()).toThrowError(UpgradeGuardError);
    expect(() => response.json()).toThrowError(/not JSON/);
    await client.close();
  });

  it('a slow server is TARGET_TIMEOUT', async () => {
    const client = new HttpClient({ timeoutMs: 200, maxConcurrency: 2, secrets: new SecretRegistry() });
    expect(await codeOf(client.request({ method: 'GET', url: `${base}/slow` }))).toBe('TARGET_TIMEOUT');
    await client.close();
  });

  it('a body cut off before its Content-Length is TARGET_MALFORMED, not unreachable', async () => {
    const client = new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    expect(await codeOf(client.request({ method: 'GET', url: `${base}/truncated` }))).toBe('TARGET_MALFORMED');
    await client.close();
  });

  it('after three timeouts in a row gives the target up: the next request fails at once with the same reason', async () => {
    const client = new HttpClient({ timeoutMs: 150, maxConcurrency: 1, secrets: new SecretRegistry() });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await codeOf(client.request({ method: 'GET', url: `${base}/hang` }))).toBe('TARGET_TIMEOUT');
    const next = client.request({ method: 'GET', url: `${base}/json` });
    await expect(next).rejects.toThrowError(/not sent: the target timed out 3 times in a row/);
    await client.close();
  });

  it('an answer the HTTP parser cannot read is TARGET_MALFORMED: the target answered, wrongly, it was not silent', async () => {
    const client = new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    expect(await codeOf(client.request({ method: 'POST', url: `${base}/garbled` }))).toBe('TARGET_MALFORMED');
  });

  it('a refused connection is TARGET_UNREACHABLE', async () => {
    const client = new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    expect(await codeOf(client.request({ method: 'GET', url: 'http://127.0.0.1:1/' }))).toBe('TARGET_UNREACHABLE');
    await client.close();
  });
});

describe('HttpClient in a run with RUN_TIMEOUT_S', () => {
  afterEach(() => RunPermits.withdraw());

  // REQUEST_TIMEOUT_MS at ten minutes: only the run's deadline can end these requests before the test's hang catcher.
  // The deadline passes once the server holds the request, so it is in flight whatever the machine's speed.
  it.each(['/hang', '/stall'])('a request still in flight at the deadline (%s) ends then, with the run\'s TARGET_TIMEOUT', async (path) => {
    const deadline = new AbortController();
    const client = new HttpClient({ timeoutMs: 600_000, maxConcurrency: 2, secrets: new SecretRegistry(), deadline: deadline.signal });
    server.once('request', () => deadline.abort(runTimedOut(7)));
    await expect(client.request({ method: 'GET', url: `${base}${path}` })).rejects.toMatchObject({ code: 'TARGET_TIMEOUT', message: 'the run did not finish within RUN_TIMEOUT_S=7 s' });
    await client.close();
  });

  it('a request whose answer spends something (a refresh-token grant) runs to its answer once sent', async () => {
    const deadline = new AbortController();
    const client = new HttpClient({ timeoutMs: 600_000, maxConcurrency: 2, secrets: new SecretRegistry(), deadline: deadline.signal });
    server.once('request', () => deadline.abort(runTimedOut(7)));
    // /slow answers two seconds after it arrives, long after the deadline has passed.
    const response = await client.request({ method: 'POST', url: `${base}/slow`, form: { grant_type: 'refresh_token' }, finishOnceSent: true });
    expect(response.text).toBe('late');
    // Past the deadline it is not sent at all.
    await expect(client.request({ method: 'POST', url: `${base}/json`, finishOnceSent: true })).rejects.toMatchObject({ code: 'TARGET_TIMEOUT' });
    await client.close();
  });

  it('the run\'s permits carry the deadline to every client of the thread', async () => {
    const permits = RunPermits.share(2, { at: Date.now() + 50, seconds: 7 });
    const signal = permits.deadline();
    if (!signal) throw new Error('a run with RUN_TIMEOUT_S has a deadline signal');
    if (!signal.aborted) await once(signal, 'abort');
    expect(runTimedOutSeconds(signal.reason)).toBe(7);
    const client = new HttpClient({ timeoutMs: 600_000, maxConcurrency: 2, secrets: new SecretRegistry() });
    await expect(client.request({ method: 'GET', url: `${base}/json` })).rejects.toMatchObject({ code: 'TARGET_TIMEOUT', message: 'the run did not finish within RUN_TIMEOUT_S=7 s' });
    await client.close();
  });
});

describe('ConcurrencyLimiter', () => {
  it('never runs more than its bound at once, and runs them all', async () => {
    const limiter = new ConcurrencyLimiter(3);
    let active = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limiter.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 2));
          active -= 1;
          return index;
        }),
      ),
    );
    expect(done).toHaveLength(20);
    expect(peak).toBe(3);
    expect(limiter.peak).toBe(3);
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrowError(RangeError);
  });
});
