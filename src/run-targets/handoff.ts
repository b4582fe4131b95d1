/**
 * Values the main process works out for the suite workers after they start:
 * the run's setup (src/runner/run-setup.ts) hands each one over on a BroadcastChannel
 * named for the run (every thread of the process can open it), keyed by
 * project. The main half settles each key once, with its value or the coded
 * error that ended the work; it answers an ask when it can, and announces
 * each key as it settles, so a worker that asks late and one that asked
 * early both hear it. `onAsk` lets the main half start work no one needed
 * before a worker asks for it.
 *
 * Used for the contract suite's provider verification
 * (src/contracts/suite-verification.ts).
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import { codedFailure, failureError, type CodedFailure, type UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';

type Settled<T> = { readonly key: string; readonly value: T } | { readonly key: string; readonly failure: CodedFailure };
type HandoffMessage<T> = { readonly kind: 'ask'; readonly key: string } | ({ readonly kind: 'settled' } & Settled<T>);

const isHandoffMessage = (data: unknown): data is HandoffMessage<unknown> =>
  typeof data === 'object' && data !== null && 'kind' in data && (data.kind === 'ask' || data.kind === 'settled') && 'key' in data && typeof data.key === 'string';

/** The main half: one per run, its keys the targets' sessions and the contract suite's verification. */
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
    this.#record({ key, value });
  }

  /** The work failed: the workers waiting for `key` reject with this error (its message scrubbed with `secrets`). */
  fail(key: string, error: UpgradeGuardError, secrets: SecretRegistry): void {
    this.#record({ key, failure: codedFailure(error, secrets.scrub(error.message)) });
  }

  close(): void {
    this.#channel.close();
  }

  #record(settled: Settled<T>): void {
    if (this.#settled.has(settled.key)) return;
    this.#settled.set(settled.key, settled);
    this.#announce(settled);
  }

  #announce(settled: Settled<T>): void {
    this.#channel.postMessage({ kind: 'settled', ...settled } satisfies HandoffMessage<T>);
  }
}

/* The worker half: one channel per run in a worker, one ask per key. */

const channels = new Map<string, BroadcastChannel>();
const waiting = new Map<string, { readonly resolve: (value: unknown) => void; readonly reject: (error: Error) => void }>();
const handed = new Map<string, Promise<unknown>>();

/** The value settled for `key` on the run's channel `name`; rejects with the coded error the main half failed it with. */
export function handedOver<T>(name: string, key: string): Promise<T> {
  const id = `${name}\n${key}`;
  const known = handed.get(id);
  if (known) return known as Promise<T>;
  const port = channelNamed(name);
  const promise = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
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
    const waiter = waiting.get(id);
    if (!waiter) return;
    waiting.delete(id);
    if ('value' in data) waiter.resolve(data.value);
    else waiter.reject(failureError(data.failure));
  };
  channels.set(name, port);
  return port;
}
