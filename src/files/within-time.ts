/**
 * A time bound for file operations on paths the user names: a FIFO at
 * TOKEN_STORE or a hung network mount must not hang the run.
 * It catches a file system that stopped answering, never a slow one: a
 * local operation takes milliseconds, but on a busy machine a durable write
 * (the token store's fsync, src/auth/atomic-file.ts) may wait seconds behind
 * other processes' writes, and the bound counts from when the operation was
 * queued. A false TOKEN_STORE error would end a run that was going well.
 * The operation itself cannot be cancelled (it sits in libuv's thread pool),
 * so a command that hits the bound ends the process (src/cli/run-cli.ts).
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** The bound of one file operation on a user-given path. */
export const FILE_OPERATION_TIMEOUT_MS = 60_000;

/** `operation`'s result, or the error of `onTimeout` once `timeoutMs` has passed without one. */
export async function withinTime<T>(operation: Promise<T>, onTimeout: () => Error, timeoutMs: number = FILE_OPERATION_TIMEOUT_MS): Promise<T> {
  const cancel = new AbortController();
  const timeout = sleep(timeoutMs, undefined, { signal: cancel.signal })
    // The verdict waits for this turn's I/O callbacks: on a thread too busy to look for a while, an operation that
    // finished in the meantime is heard before the timer that came due beside it, and is no timeout.
    .then(() => nextTurn())
    .then(
      () => {
        throw onTimeout();
      },
      () => undefined as never,
    );
  try {
    return await Promise.race([operation, timeout]);
  } finally {
    cancel.abort();
  }
}
