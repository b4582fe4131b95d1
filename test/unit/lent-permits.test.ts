/**
 * A Pact verifier child borrows the run's permits from its parent, one per
 * request (src/http/lent-permits.ts): the run's MAX_CONCURRENCY
 * holds across the process boundary, what a child exits with comes back,
 * and past RUN_TIMEOUT_S the child's ask is not granted: it fails once the
 * run's deadline closes the channel, with nothing held.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { isPermitMessage, lendPermits } from '../../src/http/lent-permits.ts';
import { RunPermits } from '../../src/http/run-permits.ts';

const childScript = new URL('../support/lent-permits-child.ts', import.meta.url);

function borrower(permits: RunPermits, args: readonly string[], stdout: 'inherit' | 'pipe' = 'inherit'): { child: ChildProcess; report: Promise<Record<string, unknown>>; exited: Promise<unknown> } {
  const child = fork(childScript, [...args], { execArgv: ['--import', 'tsx'], stdio: ['ignore', stdout, 'inherit', 'ipc'] });
  const endLending = lendPermits(child, permits);
  const exited = once(child, 'exit').finally(endLending);
  const report = new Promise<Record<string, unknown>>((resolve) => {
    child.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'kind' in message && message.kind === 'test-report') resolve(message as Record<string, unknown>);
    });
  });
  return { child, report, exited };
}

describe('permits lent to a child process', () => {
  afterEach(() => RunPermits.withdraw());

  it('let the child hold exactly as many at once as the run has, not more', async () => {
    const permits = RunPermits.share(3);
    const { report, exited } = borrower(permits, ['bound', '3', '8']);
    expect((await report).most).toBe(3);
    await exited;
    expect(permits.peak).toBe(3);
    expect(permits.inFlight).toBe(0);
  });

  it('come back when the child exits while holding them', async () => {
    const permits = RunPermits.share(3);
    const { exited } = borrower(permits, ['leave', '2']);
    await exited;
    expect(permits.peak).toBe(2);
    expect(permits.inFlight).toBe(0);
  });

  it('past RUN_TIMEOUT_S are not granted: the ask fails with TARGET_TIMEOUT once the deadline closes the channel', async () => {
    const permits = RunPermits.share(2, { at: Date.now() - 1, seconds: 1 });
    const { child, exited } = borrower(permits, ['refused'], 'pipe');
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    // The ask reaches the parent, which refuses it; then the channel closes, as verify closes it at the deadline.
    await new Promise<void>((asked) => child.on('message', (message: unknown) => isPermitMessage(message) && message.kind === 'permit-acquire' && asked()));
    child.disconnect();
    expect(await exited).toEqual([0, null]);
    expect(printed.trim()).toBe('TARGET_TIMEOUT');
    expect(permits.peak).toBe(0);
    expect(permits.inFlight).toBe(0);
  });
});
