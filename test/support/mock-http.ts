/**
 * An HttpClient whose network is off: every request goes to an undici
 * MockAgent with `disableNetConnect()`, and `close()` fails the test when an
 * interceptor was never hit (undici's own testing habit).
 */
import { MockAgent } from 'undici';
import { HttpClient } from '../../src/http/client.ts';
import { SecretRegistry } from '../../src/http/redact.ts';

export interface MockHttp {
  readonly agent: MockAgent;
  readonly client: HttpClient;
  readonly secrets: SecretRegistry;
  /** Asserts every interceptor was used, then closes the agent. */
  close(): Promise<void>;
}

export function mockHttp(): MockHttp {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const secrets = new SecretRegistry();
  const client = new HttpClient({ timeoutMs: 5_000, maxConcurrency: 8, secrets, dispatcher: agent });
  return {
    agent,
    client,
    secrets,
    async close() {
      try {
        agent.assertNoPendingInterceptors();
      } finally {
        await client.close();
        await agent.close();
      }
    },
  };
}

/** The request body a mock saw, as form fields. */
export function formOf(body: unknown): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
}

/** A header of the request a mock saw. */
export function headerOf(headers: unknown, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (headers !== null && typeof headers === 'object') {
    for (const [key, value] of Object.entries(headers)) {
      if (key.toLowerCase() === name.toLowerCase()) return Array.isArray(value) ? value.join(', ') : String(value);
    }
  }
  return undefined;
}
