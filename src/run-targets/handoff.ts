/**
 * The contract suite's provider verification (src/contracts/suite-verification.ts),
 * handed from the run's setup (src/runner/run-setup.ts), in the process that
 * started vitest, to the suite's worker on a BroadcastChannel named for the
 * run: every thread of the process can open it. The worker asks; the setup
 * starts the work at the first ask, announces the value once it settles, and
 * again at every later ask, so a worker that asks early and one that asks
 * late both hear it.
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

type HandoffMessage<T> = { readonly kind: 'ask' } | { readonly kind: 'settled'; readonly value: T };

const isHandoffMessage = (data: unknown): data is HandoffMessage<unknown> =>
  typeof data === 'object' && data !== null && 'kind' in data && (data.kind === 'ask' || data.kind === 'settled');

/** The setup's half: one value, settled once; `onAsk` hears every ask made before it settles. */
export class Handoff<T> {
  /** The channel's name: provided to the workers. */
  readonly name = `upgrade-guard:handoff:${randomUUID()}`;
  readonly #channel = new BroadcastChannel(this.name);
  #settled: { readonly value: T } | undefined;

  constructor(onAsk: () => void) {
    // The run's setup closes it with vitest; until then it must not keep verify's process alive on its own.
    this.#channel.unref();
    this.#channel.onmessage = (event: unknown) => {
      const data = (event as { data?: unknown }).data;
      if (!isHandoffMessage(data) || data.kind !== 'ask') return;
      if (this.#settled) this.#announce(this.#settled.value);
      else onAsk();
    };
  }

  settle(value: T): void {
    if (this.#settled) return;
    this.#settled = { value };
    this.#announce(value);
  }

  close(): void {
    this.#channel.close();
  }

  #announce(value: T): void {
    this.#channel.postMessage({ kind: 'settled', value } satisfies HandoffMessage<T>);
  }
}

/** The worker's half: the value settled on the handoff named `name`. */
export function handedOver<T>(name: string): Promise<T> {
  const port = new BroadcastChannel(name);
  // The worker waits while its file loads; vitest's own port keeps it alive.
  port.unref();
  return new Promise<T>((resolve) => {
    port.onmessage = (event: unknown) => {
      const data = (event as { data?: unknown }).data;
      if (!isHandoffMessage(data) || data.kind !== 'settled') return;
      port.close();
      resolve(data.value as T);
    };
    port.postMessage({ kind: 'ask' } satisfies HandoffMessage<T>);
  });
}
