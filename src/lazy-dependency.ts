/**
 * A library loaded when it is first used, not with the module that uses it.
 * Each suite worker loads its modules before its first request, the workers
 * all together on few cores: a library only some checks
 * or some responses need (Ajv for a body's schema, a Link header's parser,
 * the glob matcher of `--only`) costs every worker's start. Synchronous
 * (require), so the functions that use it stay synchronous; it takes a
 * package's CommonJS build.
 */
import { createRequire } from 'node:module';

const requireDependency = createRequire(import.meta.url);

export function lazyDependency<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireDependency(specifier) as T);
}
