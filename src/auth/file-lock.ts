/**
 * A lock file shared by processes (vitest workers, parallel CI jobs) that use
 * one token store: made by linking a file that already names its holder
 * (host, PID namespace, PID), and link(2), like `O_CREAT|O_EXCL`, fails when
 * the lock exists, so exactly one process holds it, and no lock is ever
 * without its holder's name. The holder keeps its mtime fresh. A lock is
 * abandoned, and taken over, when its holder is a process of this machine that no longer exists
 * (at once), or when its mtime is older than `staleMs` (a holder on
 * another machine that crashed). The lock is always released in `finally`.
 *
 * Why not a library: proper-lockfile (the maintained choice) knows staleness
 * by mtime only, so a lock left by a `kill -9` blocks every run for its
 * stale period (10 s and more), and it reports a compromised lock by
 * throwing from a timer. lockfile (npm's) is deprecated. Kernel locks
 * (flock) need a native addon. What is left is this small file.
 */
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { link, lstat, open, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readRegularFile } from '../files/read-regular-file.ts';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UpgradeGuardError } from '../errors.ts';
import { ensureDirectory } from '../files/ensure-directory.ts';
import { FILE_OPERATION_TIMEOUT_MS, withinTime } from '../files/within-time.ts';
import { RunPermits } from '../http/run-permits.ts';

export interface FileLockOptions {
  /** A lock not refreshed for this long is stale and taken over; `DEFAULT_STALE_MS` by default. */
  readonly staleMs?: number;
  /** Give up (TOKEN_STORE) after waiting this long; `DEFAULT_WAIT_MS` by default. */
  readonly timeoutMs?: number;
}

/**
 * Two file operations' bound (within-time.ts): a live holder whose heartbeat waits behind one slow operation on a
 * busy disk is never taken for a crashed one, and a second refresh never spends the same refresh token (spec §5.8).
 */
export const DEFAULT_STALE_MS = 2 * FILE_OPERATION_TIMEOUT_MS;

/** The file operations of a task under the token store's lock, each bounded by within-time.ts: the store's read, up to three writes and the lock's release. */
export const LOCKED_TASK_FILE_OPERATIONS_MS = 5 * FILE_OPERATION_TIMEOUT_MS;

/** A waiter waits as long as a holder's file operations may take (its token request, bounded by REQUEST_TIMEOUT_MS, is not counted). */
export const DEFAULT_WAIT_MS = LOCKED_TASK_FILE_OPERATIONS_MS;

/**
 * Who holds a lock: a PID means something only on its machine and in its PID
 * namespace (containers that share a volume and a host name still differ in
 * the namespace), so both are written next to it.
 */
interface LockHolder {
  readonly host: string;
  readonly pidNamespace: string;
  readonly pid: number;
}

const self: LockHolder = { host: hostname(), pidNamespace: currentPidNamespace(), pid: process.pid };

/** A count of this thread's tasks of one kind, and who waits for the last to end. */
class Tasks {
  #running = 0;
  readonly #waiters: (() => void)[] = [];

  /** Counts a task until the returned function is called. */
  started(): () => void {
    this.#running += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#running -= 1;
      if (this.#running === 0) for (const resolve of this.#waiters.splice(0)) resolve();
    };
  }

  /** Resolves once none runs: at once when none does. */
  settled(): Promise<void> {
    return this.#running === 0 ? Promise.resolve() : new Promise((resolve) => this.#waiters.push(resolve));
  }
}

/**
 * This thread's tasks under a lock, until the lock is released. A task under the token store's lock may have spent a
 * refresh token whose successor is not yet on disk (spec §5.8: a spent refresh token does not come back): a process
 * ending at RUN_TIMEOUT_S or at its parent's word waits for them (`lockedTasksSettled`, or `lockOperationsSettled`,
 * which counts them too) rather than lose the chain.
 * Each task is bounded (its request by REQUEST_TIMEOUT_MS, its file operations, the lock's release among them, by
 * src/files/within-time.ts), so the wait is too. A process may end while it is still taking a lock: the lock it
 * leaves names a process that no longer exists, which a taker on this machine takes over at once (one on another
 * machine waits for it to go stale).
 */
const holding = new Tasks();

/**
 * This thread's lock operations, from the first attempt to take a lock to its release. A thread stopped in between
 * (vitest stops its workers) would leave a lock that names a process still running and that no heartbeat keeps
 * fresh, which every other thread waits out for `staleMs`: a thread is stopped only once they settle
 * (`lockOperationsSettled`). Inside a verify run, one still taking a lock gives up when the run is stopped or out of
 * time (src/http/run-permits.ts `refusal`), and in a process that is ending (`stopTakingLocks`).
 */
const operations = new Tasks();

/** Resolves once no task of this thread runs under a lock: at once when none does. */
export function lockedTasksSettled(): Promise<void> {
  return holding.settled();
}

/** Resolves once no lock operation of this thread is under way, taking a lock included: before a thread is stopped. */
export function lockOperationsSettled(): Promise<void> {
  return operations.settled();
}

/** Why this process takes no lock any more (`stopTakingLocks`): each task that gives up gets an error of its own. */
let ending: (() => Error) | undefined;

/**
 * This process takes no lock from now on: a task still waiting for one gives up at its next attempt, with `reason`.
 * A process that is ending (the Pact verifier child, its parent's channel closed) then waits for its lock operations
 * to settle (`lockOperationsSettled`) instead of ending a task in the middle of taking a lock, which leaves the lock's
 * draft beside the store.
 */
export function stopTakingLocks(reason: () => Error): void {
  ending ??= reason;
}

/** Runs `task` while holding the lock file `lockPath`. */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
  const owner = `${JSON.stringify(self)} ${randomBytes(8).toString('hex')}`;
  // Counted in this thread and, inside a verify run, over every thread (src/http/run-permits.ts: the run's
  // cancellation waits for them, and a stopped or timed-out run refuses to take a lock).
  const run = RunPermits.ofRun();
  const permits = run instanceof RunPermits ? run : undefined;
  const endedForRun = permits?.lockOperationStarted();
  const ended = operations.started();
  try {
    // One bound around the whole wait: a lock path on a hung mount must not hang the run either.
    await withinTime(acquire(lockPath, owner, staleMs, timeoutMs, permits), () => notReleased(lockPath, timeoutMs), timeoutMs + 5_000);
    // Keep the lock visibly alive while the task runs (a refresh may take up to REQUEST_TIMEOUT_MS).
    const heartbeat = setInterval(() => {
      const now = new Date();
      utimes(lockPath, now, now).catch(() => undefined);
    }, Math.max(50, Math.floor(staleMs / 3)));
    heartbeat.unref();
    // Held until the lock is released too: a process that ends once its locked tasks settle leaves no lock behind (a
    // holder on another machine would wait `staleMs` for it).
    const released = holding.started();
    try {
      return await task();
    } finally {
      clearInterval(heartbeat);
      try {
        await withinTime(release(lockPath, owner), () => lockError(lockPath, 'could not be released', new Error('no answer from the file system in time')));
      } finally {
        released();
      }
    }
  } finally {
    ended();
    endedForRun?.();
  }
}

async function acquire(lockPath: string, owner: string, staleMs: number, timeoutMs: number, run: RunPermits | undefined): Promise<void> {
  try {
    await ensureDirectory(dirname(lockPath), 0o700);
  } catch (error) {
    throw lockError(lockPath, 'could not be created', error);
  }
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    // Nothing is held yet: a run that was stopped or is out of time would refuse the task's request anyway.
    const refused = ending?.() ?? run?.refusal('the run was stopped before this task took the token store lock');
    if (refused) throw refused;
    if (await made(lockPath, owner)) return;
    if (await takeOverIfAbandoned(lockPath, staleMs)) continue;
    if (Date.now() - started > timeoutMs) throw notReleased(lockPath, timeoutMs);
    // Backoff with jitter: 10 ms growing to 200 ms, so waiting workers do not retry in step.
    await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 5)) + Math.floor(Math.random() * 10));
  }
}

/**
 * Makes the lock, naming `owner`, all at once; false when a lock exists. A draft that names the holder is linked to
 * the lock's path, which fails when the lock exists (link does not overwrite): a process that ends while it takes the
 * lock leaves none, or one naming it, never an empty one that no one can tell from a live holder's until it goes
 * stale. A file system without hard links (FAT, some network and FUSE mounts) gets the lock created and then written.
 */
async function made(lockPath: string, owner: string): Promise<boolean> {
  const draft = `${lockPath}.${randomBytes(6).toString('hex')}.new`;
  try {
    await writeFile(draft, owner, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if (['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].some((code) => isCode(error, code))) return createdThenWritten(lockPath, owner);
    if (!isCode(error, 'EEXIST')) throw lockError(lockPath, 'could not be created', error);
    // A link whose answer was lost (NFS) made the lock all the same: the draft then has a second name (open(2)).
    return ((await stat(draft).catch(() => undefined))?.nlink ?? 1) > 1;
  } finally {
    // A draft left behind is a file of a few bytes beside the store, naming no secret: no reason to fail the task.
    await rm(draft, { force: true }).catch(() => undefined);
  }
}

/** The lock created with O_CREAT|O_EXCL and then written; false when a lock exists. */
async function createdThenWritten(lockPath: string, owner: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, 'wx', 0o600);
    try {
      await handle.writeFile(owner, 'utf8');
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw lockError(lockPath, 'could not be created', error);
    return false;
  }
}

/** Moves an abandoned lock away; true when the caller should try again at once. */
async function takeOverIfAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  let seen: LockState;
  try {
    seen = await lockState(lockPath);
  } catch (error) {
    // Released meanwhile (and perhaps taken again since: the caller tries again at once); but a symbolic link to
    // nothing at the path is no lock, and no one ever releases it.
    if (isCode(error, 'ENOENT') && !(await lstat(lockPath).then((info) => info.isSymbolicLink(), () => false))) return true;
    throw lockError(lockPath, 'could not be inspected', error);
  }
  if (!isAbandoned(seen, staleMs)) return false;
  // Rename first: of several processes that find the same abandoned lock, only one moves it away.
  const aside = `${lockPath}.stale.${randomBytes(6).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return true;
    throw lockError(lockPath, 'is abandoned and could not be taken over', error);
  }
  try {
    // Between our look and the rename another process may have taken over and made a live lock: that one
    // is put back (link does not overwrite, so a lock made since is never clobbered). A holder that is
    // alive but has not refreshed its lock for staleMs can still lose it here, as with any mtime lease.
    if (!isAbandoned(await lockState(aside), staleMs)) await link(aside, lockPath).catch(() => undefined);
  } catch {
    // The moved file vanished: nothing to put back.
  } finally {
    await rm(aside, { force: true });
  }
  return true;
}

interface LockState {
  readonly content: string;
  readonly modifiedMs: number;
}

async function lockState(path: string): Promise<LockState> {
  const [content, info] = await Promise.all([readRegularFile(path), stat(path)]);
  return { content, modifiedMs: info.mtimeMs };
}

function isAbandoned(state: LockState, staleMs: number): boolean {
  if (Date.now() - state.modifiedMs > staleMs) return true;
  const holder = parseHolder(state.content);
  return holder !== undefined && holder.host === self.host && holder.pidNamespace === self.pidNamespace && !isRunning(holder.pid);
}

/** The holder named in a lock file; undefined for a lock written another way (it then goes stale by mtime only). */
function parseHolder(content: string): LockHolder | undefined {
  const json = content.slice(0, content.lastIndexOf(' '));
  try {
    const value: unknown = JSON.parse(json);
    if (value === null || typeof value !== 'object') return undefined;
    const { host, pidNamespace, pid } = value as Record<string, unknown>;
    if (typeof host !== 'string' || typeof pidNamespace !== 'string' || typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    return { host, pidNamespace, pid };
  } catch {
    return undefined;
  }
}

/** kill(2) with signal 0 checks for existence only: ESRCH means no such process; EPERM means it exists. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return !isCode(error, 'ESRCH');
  }
}

/** The PID namespace of this process on Linux (`pid:[4026531836]`); elsewhere the empty string. */
function currentPidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

async function release(lockPath: string, owner: string): Promise<void> {
  try {
    // A lock taken over as stale belongs to someone else now: leave it.
    if ((await readRegularFile(lockPath)) === owner) await rm(lockPath, { force: true });
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw lockError(lockPath, 'could not be released', error);
  }
}

function notReleased(lockPath: string, timeoutMs: number): UpgradeGuardError {
  return new UpgradeGuardError('TOKEN_STORE', `the token store lock ${lockPath} is held by another process and was not released within ${Math.round(timeoutMs / 1000)} s; if no other run is active, delete it`);
}

function lockError(lockPath: string, what: string, cause: unknown): UpgradeGuardError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new UpgradeGuardError('TOKEN_STORE', `the token store lock ${lockPath} ${what}: ${detail}`, { cause });
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
