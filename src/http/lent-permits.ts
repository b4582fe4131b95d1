/**
 * The run's permits across a process boundary: a Pact verifier child
 * (src/contracts/quiet-verification.ts) cannot share the run's memory
 * (run-permits.ts), so it asks its parent over IPC for one permit per
 * request and hands it back when the answer is in. MAX_CONCURRENCY bounds its
 * requests as it bounds a worker's, however many verifier runs it has going.
 */
import type { ChildProcess } from 'node:child_process';
import { UpgradeGuardError } from '../errors.ts';
import type { Permits } from './run-permits.ts';

type PermitMessage = { readonly kind: 'permit-acquire' | 'permit-release' | 'permit-granted'; readonly id: number };

/** Whether an IPC message belongs to the lending: the parent's and the child's other messages pass it by. */
export function isPermitMessage(message: unknown): message is PermitMessage {
  return typeof message === 'object' && message !== null && 'kind' in message && typeof message.kind === 'string' && message.kind.startsWith('permit-') && 'id' in message && typeof message.id === 'number';
}

/**
 * The parent half: serves the child's asks from `permits` until the returned function is called (the child has
 * exited), which gives back whatever the child still held and refuses to hold anything for it later.
 */
export function lendPermits(child: ChildProcess, permits: Permits): () => void {
  const held = new Map<number, () => void>();
  let ended = false;
  const onMessage = (message: unknown): void => {
    if (!isPermitMessage(message)) return;
    const { id } = message;
    if (message.kind === 'permit-release') {
      held.get(id)?.();
      held.delete(id);
      return;
    }
    if (message.kind !== 'permit-acquire') return;
    permits
      .run(
        () =>
          new Promise<void>((release) => {
            if (ended) return release();
            held.set(id, release);
            // A child that is gone cannot be answered; its permits come back with the end.
            if (child.connected) child.send({ kind: 'permit-granted', id } satisfies PermitMessage, () => undefined);
          }),
      )
      // Refused past RUN_TIMEOUT_S or after a signal: the ask stays unanswered, and the run's stop closes the child's
      // channel (src/contracts/quiet-verification.ts), which fails it there.
      .catch(() => undefined);
  };
  child.on('message', onMessage);
  return () => {
    ended = true;
    child.off('message', onMessage);
    for (const release of held.values()) release();
    held.clear();
  };
}

/** The child half: permits asked of the parent over this process's IPC channel. */
export function borrowedPermits(): Permits {
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  // Once the channel is closed (the run's deadline, or the parent ended), no permit can come: a request still waiting
  // for one, a refresh grant's among them, fails now rather than wait for an answer that cannot come.
  const closedChannel = (): Error => new UpgradeGuardError('TARGET_TIMEOUT', 'not sent: the run ended before the request got a run permit');
  process.once('disconnect', () => {
    for (const waiter of waiting.values()) waiter.reject(closedChannel());
    waiting.clear();
  });
  process.on('message', (message: unknown) => {
    if (!isPermitMessage(message) || message.kind !== 'permit-granted') return;
    waiting.get(message.id)?.resolve();
    waiting.delete(message.id);
  });
  // A send on a closed channel would be an uncaught error that ends the child, a rotated token pair unstored with it.
  const ask = (message: PermitMessage): void => {
    if (process.connected) process.send?.(message, () => undefined);
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      const id = nextId++;
      if (!process.connected) throw closedChannel();
      await new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        ask({ kind: 'permit-acquire', id });
      });
      try {
        return await task();
      } finally {
        ask({ kind: 'permit-release', id });
      }
    },
  };
}
