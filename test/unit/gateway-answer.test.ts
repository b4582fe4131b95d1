/**
 * When a gateway's 502/503/504 is the target's silence and when it is the
 * target's answer (src/check/gateway-answer.ts), against a loopback host:
 * a GET that kept it through the client's retries is silence; a POST (sent
 * once) is silence only when the host's root gets no answer either; a POST
 * whose host answers around it got the target's own answer, a finding.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayAnswer } from '../../src/check/gateway-answer.ts';
import { RunInterrupted } from '../../src/errors.ts';
import { HttpClient } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange-log.ts';
import { SecretRegistry } from '../../src/http/redact.ts';

let server: Server | undefined;

afterEach(async () => {
  const closing = server;
  server = undefined;
  if (closing === undefined) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

/** A host whose root answers `rootStatus`. */
async function host(rootStatus: number): Promise<string> {
  server = createServer((_req, res) => void res.writeHead(rootStatus, { 'content-type': 'text/html' }).end('<html></html>'));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const exchange = (method: string, url: string, status: number, attempts?: number): Exchange => ({ method, url, requestHeaders: {}, status, durationMs: 1, ...(attempts !== undefined && { attempts }) });
const client = async () => new HttpClient({ timeoutMs: 30_000, maxConcurrency: 2, secrets: new SecretRegistry() });

describe('a gateway status a check met', () => {
  it('is silence on a GET that kept it through the retries, whatever the host does', async () => {
    const base = await host(200);
    expect(await gatewayAnswer([exchange('GET', `${base}/rest/x`, 503, 3)], client)).toBe('GET /rest/x answered 503 through the retries: a gateway or the target is down, not an answer of the API (RFC 9110 §15.6)');
  });

  it('is silence on a POST when the host\'s root gets none either', async () => {
    const base = await host(503);
    expect(await gatewayAnswer([exchange('POST', `${base}/rest/search`, 503)], client)).toBe(
      `POST /rest/search answered 503, and GET ${base}/ got 503 through the retries: a gateway or the target is down, not an answer of the API (RFC 9110 §15.6)`,
    );
  });

  it('is the target\'s answer on a POST whose host answers around it: a backend that crashed on what was sent is a finding', async () => {
    const base = await host(404);
    expect(await gatewayAnswer([exchange('POST', `${base}/rest/search`, 502)], client)).toBeUndefined();
  });

  it('is no question of the host once the run is stopped: the probe\'s refusal stays what ended it, never "the host answers"', async () => {
    const stopped = new RunInterrupted('SIGINT', 'the run was stopped before this request was sent');
    const refusing = async () => ({ request: () => Promise.reject(stopped) });
    await expect(gatewayAnswer([exchange('POST', 'http://127.0.0.1:9/rest/search', 502)], refusing)).rejects.toBe(stopped);
  });

  it('is nothing to judge when no request met one', async () => {
    expect(await gatewayAnswer([exchange('GET', 'http://127.0.0.1:9/x', 500), exchange('POST', 'http://127.0.0.1:9/y', 201)], client)).toBeUndefined();
  });
});
