/**
 * Vitest's transform cache on disk (`experimental.fsModuleCache`): every
 * verify, and every fault run of the kill matrix, transforms the same suites
 * and harness files through vite; with the cache a run reads them back
 * instead, which shortens vitest's start and the whole run (`npm run bench`
 * shows by how much). Entries are keyed by the file's content,
 * vitest's version, the lockfile and the vite configuration, and written
 * atomically (a temporary file renamed), so concurrent runs share it safely.
 * The key leaves out tsconfig.json, whose options change the transform: the
 * plugin below adds it. It lives where vitest puts it, in node_modules; an
 * install whose cache cannot be written runs without it. The main process
 * reads a cached module back as bytes, which vite's stack mapping does not
 * expect: src/run-targets/stack-mapping-guard.ts.
 */
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export function moduleCacheEnabled(root: string = process.cwd()): boolean {
  const cache = join(root, 'node_modules', '.experimental-vitest-cache');
  try {
    accessSync(existsSync(cache) ? cache : join(root, 'node_modules'), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Adds tsconfig.json to every cache key: a changed compiler option never reads back a transform made under the old one. */
export function transformCacheKeyPlugin(root: string = process.cwd()): Plugin {
  const tsconfig = readFileSync(join(root, 'tsconfig.json'), 'utf8');
  // One generator however many projects share the plugin: vitest keeps them in a set.
  const withTsconfig = (): string => tsconfig;
  return {
    name: 'upgrade-guard:transform-cache-key',
    configureVitest({ experimental_defineCacheKeyGenerator }) {
      experimental_defineCacheKeyGenerator(withTsconfig);
    },
  };
}
