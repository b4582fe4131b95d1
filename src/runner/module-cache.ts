/**
 * Vitest's transform cache on disk (`experimental.fsModuleCache`): every
 * verify, and every fault run of the kill matrix, transforms the same suites
 * and harness files through vite; with the cache a run reads them back
 * instead (issue 9: vitest's start 1.1 s → 0.45 s, a whole embedded verify
 * 0.6 s less wall and CPU). Entries are keyed by the file's content,
 * vitest's version and the configuration, and written atomically (a
 * temporary file renamed), so concurrent runs share it safely. It lives
 * where vitest puts it, in node_modules; an install that cannot be written
 * runs without it. The main process reads a cached module back as bytes,
 * which vite's stack mapping does not expect: src/run-targets/stack-mapping-guard.ts.
 */
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

export function moduleCacheEnabled(root: string = process.cwd()): boolean {
  try {
    accessSync(join(root, 'node_modules'), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
