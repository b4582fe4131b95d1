/**
 * A lock file shared by processes (vitest workers, parallel CI jobs) that use
 * one token store: created with `O_CREAT|O_EXCL` (`open(path, 'wx')`), so
 * exactly one process holds it. The holder keeps its mtime fresh; a lock
 * whose mtime is older than `staleMs` belongs to a crashed process and is
 * taken over. The lock is always released in `finally`.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UpgradeGuardError } from '../errors.ts';

export interface FileLockOptions {
  /** A lock not refreshed for this long is stale and taken over; 30 s by default. */
  readonly staleMs?: number;
  /** Give up (TOKEN_STORE) after waiting this long; 60 s by default. */
  readonly timeoutMs?: number;
}

/** Runs `task` while holding the lock file `lockPath`. */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? 30_000;
  const owner = `${process.pid} ${randomBytes(8).toString('hex')}`;
  await acquire(lockPath, owner, staleMs, options.timeoutMs ?? 60_000);
  // Keep the lock visibly alive while the task runs (a refresh may take up to REQUEST_TIMEOUT_MS).
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, Math.max(50, Math.floor(staleMs / 3)));
  heartbeat.unref();
  try {
    return await task();
  } finally {
    clearInterval(heartbeat);
    await release(lockPath, owner);
  }
}

async function acquire(lockPath: string, owner: string, staleMs: number, timeoutMs: number): Promise<void> {
  await mkdir(dirname(lockPath), { recursive: true, mode: 0o700 });
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(owner, 'utf8');
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw lockError(lockPath, 'could not be created', error);
    }
    await takeOverIfStale(lockPath, staleMs);
    if (Date.now() - started > timeoutMs) {
      throw new UpgradeGuardError('TOKEN_STORE', `the token store lock ${lockPath} is held by another process and was not released within ${Math.round(timeoutMs / 1000)} s; if no other run is active, delete it`);
    }
    // Backoff with jitter: 10 ms growing to 200 ms, so waiting workers do not retry in step.
    await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 5)) + Math.floor(Math.random() * 10));
  }
}

async function takeOverIfStale(lockPath: string, staleMs: number): Promise<void> {
  let modified: number;
  try {
    modified = (await stat(lockPath)).mtimeMs;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return; // released meanwhile: retry at once
    throw lockError(lockPath, 'could not be inspected', error);
  }
  if (Date.now() - modified <= staleMs) return;
  // Rename first: of several processes that find the same stale lock, only one moves it away.
  const aside = `${lockPath}.stale.${randomBytes(6).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw lockError(lockPath, 'is stale and could not be taken over', error);
  }
  try {
    // Between our stat and the rename another process may have taken over and made a fresh lock:
    // that one is put back (link does not overwrite, so a lock made since is never clobbered).
    if (Date.now() - (await stat(aside)).mtimeMs <= staleMs) await link(aside, lockPath).catch(() => undefined);
  } finally {
    await rm(aside, { force: true });
  }
}

async function release(lockPath: string, owner: string): Promise<void> {
  try {
    // A lock taken over as stale belongs to someone else now: leave it.
    if ((await readFile(lockPath, 'utf8')) === owner) await rm(lockPath, { force: true });
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw lockError(lockPath, 'could not be released', error);
  }
}

function lockError(lockPath: string, what: string, cause: unknown): UpgradeGuardError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new UpgradeGuardError('TOKEN_STORE', `the token store lock ${lockPath} ${what}: ${detail}`, { cause });
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
