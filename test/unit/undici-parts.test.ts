/**
 * The client takes undici's parts from their own files (src/http/undici-parts.ts):
 * they must be the very ones undici's entry exports, or an upgrade of undici
 * that moved one would change what the client runs.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as Undici from 'undici';
import { Agent, dispatcherRequest, request, retryInterceptor } from '../../src/http/undici-parts.ts';

const undici = createRequire(import.meta.url)('undici') as typeof Undici;

describe("undici's parts, from their own files", () => {
  it('are the Agent and the retry interceptor its entry exports', () => {
    expect(Agent).toBe(undici.Agent);
    expect(retryInterceptor).toBe(undici.interceptors.retry);
  });

  it('are the request API its entry gives every dispatcher', () => {
    expect(dispatcherRequest).toBe(undici.Dispatcher.prototype.request);
  });
});

describe("undici's request, for a URL the client built", () => {
  it('refuses a URL that is not http or https with undici’s own error, as its entry does', async () => {
    const agent = new Agent();
    try {
      await expect(request(new URL('about:blank'), { method: 'GET', dispatcher: agent })).rejects.toThrow('Invalid URL protocol');
    } finally {
      await agent.close();
    }
  });
});
