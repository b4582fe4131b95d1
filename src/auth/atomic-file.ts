/**
 * Atomic replacement of a small file: write a temporary file in the same
 * directory, fsync it, rename it over the target, fsync the directory. A
 * reader sees the old content or the new one, never half of either; a crash
 * before the rename leaves the old file as it was.
 *
 * @see rename(2): "If newpath already exists, it will be atomically replaced"
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode of the new file (and of nothing else); 0o600 by default: the files this writes hold secrets. */
  readonly mode?: number;
  /** Mode of the directory when it has to be created; 0o700 by default. */
  readonly directoryMode?: number;
  /** Test seam: runs after the temporary file is synced, before the rename. A throw here is a crash at the worst moment. */
  readonly beforeRename?: (temporaryPath: string) => void | Promise<void>;
}

export async function writeFileAtomic(path: string, content: string, options: AtomicWriteOptions = {}): Promise<void> {
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: options.directoryMode ?? 0o700 });
  // Unique per process and call, so two writers never share a temporary file.
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(temporary, 'wx', options.mode ?? 0o600);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temporary);
    await rename(temporary, path);
    renamed = true;
    await syncDirectory(directory);
  } finally {
    if (!renamed) await rm(temporary, { force: true });
  }
}

/** Makes the rename itself durable; not every platform lets a directory be opened for that, so failures are ignored. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows and some filesystems refuse fsync on a directory; the rename is still atomic.
  }
}
