/**
 * Values the main process works out for the suite workers after they start:
 * the run's setup (src/runner/run-setup.ts) hands each one over on a BroadcastChannel
 * named for the run (every thread of the process can open it), keyed by
 * project. The main half settles each key once, with its value (work that
 * could not run is part of the value); it answers an ask when it can, and announces
 * each key as it settles, so a worker that asks late and one that asked
 * early both hear it. `onAsk` lets the main half start work no one needed
 * before a worker asks for it.
 *
 * Used for the contract suite's provider verification
 * (src/contracts/suite-verification.ts).
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

type Settled<T> = { readonly key: string; readonly value: T };
type HandoffMessage<T> = { readonly kind: 'ask'; readonly key: string } | ({ readonly kind: 'settled' } & Settled<T>);

const isHandoffMessage = (data: unknown): data is HandoffMessage<unknown> =>
  typeof data === 'object' && data !== null && 'kind' in data && (data.kind === 'ask' || data.kind === 'settled') && 'key' in data && typeof data.key === 'string';

/** The main half: one per run, its key the contract suite's verification. */
export class Handoff<T> {
  /** The run's channel name: provided to the workers. */
  readonly name: string;
  readonly #settled = new Map<string, Settled<T>>();
  readonly #channel: BroadcastChannel;

  /** `purpose` names the channel; `onAsk` hears every key a worker asks for (again at each ask). */
  constructor(purpose: string, onAsk?: (key: string) => void) {
    this.name = `upgrade-guard:${purpose}:${randomUUID()}`;
    this.#channel = new BroadcastChannel(this.name);
    // The run's setup closes it with vitest; until then it must not keep verify's process alive on its own.
    this.#channel.unref();
    this.#channel.onmessage = (event: unknown) => {
      const data = (event as { data?: unknown }).data;
      if (!isHandoffMessage(data) || data.kind !== 'ask') return;
      const settled = this.#settled.get(data.key);
      if (settled) this.#announce(settled);
      else onAsk?.(data.key);
    };
  }

  settle(key: string, value: T): void {
    if (this.#settled.has(key)) return;
    const settled = { key, value };
    this.#settled.set(key, settled);
    this.#announce(settled);
  }

  close(): void {
    this.#channel.close();
  }

  #announce(settled: Settled<T>): void {
    this.#channel.postMessage({ kind: 'settled', ...settled } satisfies HandoffMessage<T>);
  }
}

/* The worker half: one channel per run in a worker, one ask per key. */

const channels = new Map<string, BroadcastChannel>();
const waiting = new Map<string, (value: unknown) => void>();
const handed = new Map<string, Promise<unknown>>();

/** The value settled for `key` on the run's channel `name`. */
export function handedOver<T>(name: string, key: string): Promise<T> {
  const id = `${name}\n${key}`;
  const known = handed.get(id);
  if (known) return known as Promise<T>;
  const port = channelNamed(name);
  const promise = new Promise<unknown>((resolve) => waiting.set(id, resolve));
  handed.set(id, promise);
  port.postMessage({ kind: 'ask', key } satisfies HandoffMessage<T>);
  return promise as Promise<T>;
}

/** The keys of the run's handoff (src/runner/run-setup.ts). */
export const handoffKeys = {
  /** The contract suite's verification of the run's project (`RunProject.name`). */
  contracts: (runProject: string): string => `contracts ${runProject}`,
} as const;

function channelNamed(name: string): BroadcastChannel {
  const known = channels.get(name);
  if (known) return known;
  const port = new BroadcastChannel(name);
  // A worker waits in a hook, a check or a file being loaded; vitest's own port keeps it alive.
  port.unref();
  port.onmessage = (event: unknown) => {
    const data = (event as { data?: unknown }).data;
    if (!isHandoffMessage(data) || data.kind !== 'settled') return;
    const id = `${name}\n${data.key}`;
    const resolve = waiting.get(id);
    if (!resolve) return;
    waiting.delete(id);
    resolve(data.value);
  };
  channels.set(name, port);
  return port;
}
