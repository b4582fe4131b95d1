/**
 * Node's arguments for a process that runs the project's TypeScript through
 * src/load-typescript.mjs (which says why). URLs: Node reads `--import` as
 * one, and a path with `#` or `%` is not.
 */
const loader = new URL('./load-typescript.mjs', import.meta.url);

/** A process that starts vitest (verify, the benchmark's and the kill matrix's runs): vitest's node API loads first. */
export const loadTypeScript: readonly string[] = ['--import', loader.href];

/** A process whose one large dependency is `native` (the Pact verifier child: pact-js). */
export function loadTypeScriptWith(native: string): string[] {
  const url = new URL(loader);
  url.searchParams.set('native', native);
  return ['--import', url.href];
}
