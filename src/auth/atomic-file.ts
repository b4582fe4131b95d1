/**
 * Atomic replacement of a small file, by write-file-atomic: write a
 * temporary file in the same directory, fsync it, rename it over the target.
 * A reader sees the old content or the new one, never half of either; a
 * crash before the rename leaves the old file as it was. Around it, this
 * file adds what the library leaves out: creating the directory (bounded,
 * see ensure-directory.ts) and syncing the directory so the rename itself
 * survives a power loss.
 *
 * @see rename(2): "If newpath already exists, it will be atomically replaced"
 */
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensureDirectory } from '../files/ensure-directory.ts';

export interface AtomicWriteOptions {
  /** File mode of the new file (and of nothing else); 0o600 by default: the files this writes hold secrets. */
  readonly mode?: number;
  /** Mode of the directory when it has to be created; 0o700 by default. */
  readonly directoryMode?: number;
  /**
   * Test seam (write-file-atomic's own): runs once the temporary file exists, before anything is written
   * to it or renamed. A throw here is a crash before the rename.
   */
  readonly tmpfileCreated?: (temporaryPath: string) => void | Promise<void>;
}

export async function writeFileAtomic(path: string, content: string, options: AtomicWriteOptions = {}): Promise<void> {
  const directory = dirname(path);
  await ensureDirectory(directory, options.directoryMode ?? 0o700);
  // Loaded with the first write: a suite worker that never refreshes a token never loads it.
  const { default: atomicWrite } = await import('write-file-atomic');
  await atomicWrite(path, content, {
    mode: options.mode ?? 0o600,
    encoding: 'utf8',
    fsync: true,
    ...(options.tmpfileCreated && { tmpfileCreated: options.tmpfileCreated }),
  });
  await syncDirectory(directory);
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
