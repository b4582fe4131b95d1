/**
 * Node's arguments for a process that runs one of the project's TypeScript
 * files and starts vitest: verify's own (as `npm run verify` starts it),
 * the benchmark's and the kill matrix's runs (src/load-typescript.mjs says why).
 * A URL: Node reads `--import` as one, and a path with `#` or `%` is not.
 */
export const loadTypeScript: readonly string[] = ['--import', new URL('../../load-typescript.mjs', import.meta.url).href];
