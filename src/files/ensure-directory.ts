/**
 * `mkdir -p` that always ends, for directories the user names (TOKEN_STORE,
 * REPORTS_DIR). Node 20's `mkdir(path, { recursive: true })` never returns
 * when the kernel answers ENOENT for a directory whose parent exists
 * (`/proc/x`: procfs refuses new entries that way): it re-creates the
 * parent, gets EEXIST, and tries the child again, forever. mkdirp's manual
 * mode has the same retry. Here every missing ancestor is created once,
 * top down, so the walk is bounded by the path's depth and a refusal is
 * an error naming its path.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Creates `path` and its missing ancestors with `mode` (umask applies); an existing directory is fine. */
export async function ensureDirectory(path: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  for (let current = resolve(path); ; ) {
    const found = await stat(current).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (found?.isDirectory()) break;
    if (found) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: 'ENOTDIR', path: current });
    const parent = dirname(current);
    if (parent === current) break;
    missing.push(current);
    current = parent;
  }
  for (const directory of missing.reverse()) {
    try {
      await mkdir(directory, mode === undefined ? {} : { mode });
    } catch (error) {
      // Another process created it meanwhile: fine when it is a directory.
      if (errorCode(error) === 'EEXIST' && (await stat(directory)).isDirectory()) continue;
      throw error;
    }
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
