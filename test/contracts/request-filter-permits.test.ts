/**
 * In a verifier child the request filter lets each replayed request through
 * on a permit of the run (src/http/lent-permits.ts): held from when the
 * request goes on until its answer is in, and given back at once, unsent,
 * for a request the verifier gave up on while it still waited for its token
 * or permit. A permit kept for such a request would be lost for the rest of
 * the run, and on a target that times out the later requests would wait for
 * permits until the verifier gave up on them too.
 *
 * The permits here are one FIFO slot (p-limit), so the order of turns is
 * known: a permit that is never given back leaves the next turn waiting, and
 * the test's hang timeout catches it.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { contractRequestFilter } from '../../src/contracts/request-filter.ts';
import type { Permits } from '../../src/http/run-permits.ts';
import { holdOne } from '../support/hold-permit.ts';
import { catchProxyTransportErrors, transportFailureKey } from '../../src/contracts/proxy-transport-errors.ts';

const baseUrl = 'http://127.0.0.1:9';
const target = { embedded: true, allowMutations: true, tokens: { accessToken: () => Promise.resolve('a-token') } };

function replayed(): { request: IncomingMessage; response: ServerResponse & EventEmitter } {
  const request = { url: '/dse/rest/v1.0/jobs', method: 'GET', headers: {} } as unknown as IncomingMessage;
  const response = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false, headersSent: false }) as unknown as ServerResponse & EventEmitter;
  return { request, response };
}

function oneSlot(): { permits: Permits; slot: ReturnType<typeof pLimit> } {
  const slot = pLimit(1);
  return { permits: { run: (task) => slot(task) }, slot };
}

describe('the request filter on the run’s permits', () => {
  it('holds a permit from letting the request through until its answer is in', async () => {
    const { permits, slot } = oneSlot();
    const { request, response } = replayed();
    await new Promise<void>((resolve) => contractRequestFilter(target, undefined, undefined, permits)(request, response, () => resolve()));
    expect(request.headers.authorization).toBe('Bearer a-token');
    expect(slot.activeCount).toBe(1);
    response.emit('close');
    // The next turn comes once the answer is in.
    await slot(async () => expect(slot.activeCount).toBe(1));
  });

  it('gives the permit back at once, unsent, for a request the verifier gave up on while it waited', async () => {
    const { permits, slot } = oneSlot();
    const holder = await holdOne(permits);
    const { request, response } = replayed();
    let sent = false;
    contractRequestFilter(target, undefined, undefined, permits)(request, response, () => (sent = true));
    // The filter's turn is queued behind the holder once its token is in.
    await Promise.resolve();
    await Promise.resolve();
    expect(slot.pendingCount).toBe(1);
    // The verifier's own timeout: it closes the connection while the request still waits for a permit.
    response.emit('close');
    holder.releaseHolder();
    await holder.holder;
    // The filter's turn comes and goes without sending; then this one's.
    await slot(async () => expect(sent).toBe(false));
  });

  it('says the request was not sent, and does not count it as a timeout of the target', async () => {
    const { permits, slot } = oneSlot();
    const holder = await holdOne(permits);
    const { request, response } = replayed();
    const timeouts: unknown[] = [];
    const watched = { baseUrl, requestTimeoutMs: 10_000, client: { givenUp: undefined, noteRequestElsewhere: (timeout: unknown) => timeouts.push(timeout) } };
    contractRequestFilter(target, undefined, watched, permits)(request, response, () => undefined);
    response.emit('close');
    holder.releaseHolder();
    await holder.holder;
    await slot(async () => undefined);
    expect(catchProxyTransportErrors().get(transportFailureKey(baseUrl, 'GET', '/dse/rest/v1.0/jobs'))).toMatch(/^not sent: the verifier gave up after \d+ ms while the request waited for its token or a run permit$/);
    expect(timeouts).toEqual([]);
  });

  it('takes a fresh token for a request whose token came within its refresh margin while it waited for a permit (spec §5.8)', async () => {
    const { permits } = oneSlot();
    const holder = await holdOne(permits);
    let current = 'token-1';
    const tokens = { accessToken: () => Promise.resolve(current), isFresh: (token: string) => token === current };
    const { request, response } = replayed();
    const sent = new Promise<void>((resolve) => contractRequestFilter({ ...target, tokens }, undefined, undefined, permits)(request, response, () => resolve()));
    // While the request waits behind the holder, the token it took is refreshed away.
    await Promise.resolve();
    current = 'token-2';
    holder.releaseHolder();
    await holder.holder;
    await sent;
    expect(request.headers.authorization).toBe('Bearer token-2');
    response.emit('close');
  });
});
