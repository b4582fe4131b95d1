/**
 * A flaky staging: an idempotent GET or HEAD that meets a
 * connection reset or a 502/503/504 is sent again, at most twice, and the
 * exchange records its attempts; a POST is never sent twice. Real loopback
 * sockets: the server resets or answers 502 as often as a path says, then
 * answers 200.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/http/client.ts';
import { ExchangeLog } from '../../src/http/exchange-log.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { UpgradeGuardError } from '../../src/errors.ts';

let server: Server;
let base: string;
/** Requests seen per path. */
const hits = new Map<string, number>();

beforeAll(async () => {
  // `/<fault>/<times>/<name>`: the first <times> requests meet the fault (`reset` or a status), later ones get 200.
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const seen = (hits.get(path) ?? 0) + 1;
    hits.set(path, seen);
    const [, fault, times] = path.split('/');
    if (seen <= Number(times)) {
      if (fault === 'reset') return void req.socket.destroy();
      return void res.writeHead(Number(fault), { 'content-type': 'text/plain' }).end('gateway');
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(): { http: HttpClient; log: ExchangeLog } {
  const secrets = new SecretRegistry();
  const log = new ExchangeLog(secrets);
  return { http: new HttpClient({ timeoutMs: 10_000, maxConcurrency: 2, secrets, log }), log };
}

describe('HttpClient retries an idempotent request on a reset or a gateway error', () => {
  it.each(['reset', '502', '503', '504'])('GET met once by %s is sent again and answers; the exchange says 2 attempts', async (fault) => {
    const { http, log } = client();
    const path = `/${fault}/1/get`;
    const response = await http.request({ method: 'GET', url: `${base}${path}` });
    expect(response.status).toBe(200);
    expect(hits.get(path)).toBe(2);
    expect(log.drain().map((exchange) => exchange.attempts)).toEqual([2]);
    await http.close();
  });

  it('HEAD is retried too', async () => {
    const { http, log } = client();
    const response = await http.request({ method: 'HEAD', url: `${base}/503/1/head` });
    expect(response.status).toBe(200);
    expect(log.drain()[0]?.attempts).toBe(2);
    await http.close();
  });

  it('a GET that always gets 502 is sent 3 times, and the check sees the 502', async () => {
    const { http, log } = client();
    const response = await http.request({ method: 'GET', url: `${base}/502/99/always` });
    expect(response.status).toBe(502);
    expect(hits.get('/502/99/always')).toBe(3);
    expect(log.drain()[0]?.attempts).toBe(3);
    await http.close();
  });

  it('a GET whose connection is always reset fails with TARGET_UNREACHABLE after 3 attempts', async () => {
    const { http, log } = client();
    const failure = await http.request({ method: 'GET', url: `${base}/reset/99/always` }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpgradeGuardError);
    expect((failure as UpgradeGuardError).code).toBe('TARGET_UNREACHABLE');
    expect((failure as UpgradeGuardError).message).toContain('after 3 attempts');
    expect(hits.get('/reset/99/always')).toBe(3);
    expect(log.drain()[0]?.attempts).toBe(3);
    await http.close();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is never sent twice (a 502 and a reset go to the check as they came)', async (method) => {
    const { http, log } = client();
    const status = await http.request({ method, url: `${base}/502/1/${method}`, json: {} });
    expect(status.status).toBe(502);
    expect(hits.get(`/502/1/${method}`)).toBe(1);
    await expect(http.request({ method, url: `${base}/reset/1/${method}`, json: {} })).rejects.toThrow(UpgradeGuardError);
    expect(hits.get(`/reset/1/${method}`)).toBe(1);
    expect(log.drain().every((exchange) => exchange.attempts === undefined)).toBe(true);
    await http.close();
  });
});
