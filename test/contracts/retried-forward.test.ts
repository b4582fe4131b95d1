/**
 * The Pact verifier's GET and HEAD go through a forwarder that retries them
 * like the client's own (src/contracts/retried-forward.ts): a reset or a
 * 502/503/504 is sent again, at most twice, and the request is noted as
 * retried; a request that fails every attempt is closed unanswered with the
 * transport error as its reason. Real loopback servers on both sides.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { catchProxyTransportErrors, transportFailureKey } from '../../src/contracts/proxy-transport-errors.ts';
import { forwardWithRetries, retriedForward } from '../../src/contracts/retried-forward.ts';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A target that misbehaves `failures` times (reset or a status), then answers 200 with a JSON body. */
async function flakyTarget(failures: number, how: 'reset' | 503): Promise<string> {
  let seen = 0;
  return listen((request, response) => {
    seen += 1;
    if (seen <= failures) {
      if (how === 'reset') request.socket.resetAndDestroy();
      else response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'x-target': 'yes' }).end(JSON.stringify({ path: request.url }));
  });
}

/** The verifier's side: a GET through a proxy whose only job is the forwarder. */
async function getThroughForwarder(target: string, path: string): Promise<{ status: number; body: string; header: string | undefined } | { error: string }> {
  const proxy = await listen((request, response) => void forwardWithRetries(target, request, response, 5_000));
  return new Promise((resolve) => {
    const request = httpRequest(`${proxy}${path}`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, header: response.headers['x-target'] as string | undefined }));
    });
    request.on('error', (error) => resolve({ error: error.message }));
    request.end();
  });
}

describe("the verifier's retried GET", () => {
  it('is sent again after a reset, answered as the target answered, and noted as retried', async () => {
    const target = await flakyTarget(1, 'reset');
    expect(await getThroughForwarder(target, '/rest/a?x=1')).toEqual({ status: 200, body: JSON.stringify({ path: '/rest/a?x=1' }), header: 'yes' });
    expect(retriedForward(target, 'GET', '/rest/a')).toBe('GET /rest/a: 2 attempts');
  });

  it('is sent again after a 503, twice at most', async () => {
    const target = await flakyTarget(2, 503);
    expect(await getThroughForwarder(target, '/rest/b')).toMatchObject({ status: 200 });
    expect(retriedForward(target, 'GET', '/rest/b')).toBe('GET /rest/b: 3 attempts');
  });

  it('gives the last 503 to the verifier after three attempts', async () => {
    const target = await flakyTarget(3, 503);
    expect(await getThroughForwarder(target, '/rest/c')).toMatchObject({ status: 503 });
  });

  it('closes the connection unanswered after three resets, with the reason noted', async () => {
    const failures = catchProxyTransportErrors();
    const target = await flakyTarget(3, 'reset');
    expect(await getThroughForwarder(target, '/rest/d')).toHaveProperty('error');
    expect(failures.get(transportFailureKey(target, 'GET', '/rest/d'))).toMatch(/^no response: .*\(after 3 attempts\)$/);
  });

  it('notes nothing for a request answered at once', async () => {
    const target = await flakyTarget(0, 503);
    expect(await getThroughForwarder(target, '/rest/e')).toMatchObject({ status: 200 });
    expect(retriedForward(target, 'GET', '/rest/e')).toBeUndefined();
  });
});
