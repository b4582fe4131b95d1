/**
 * Node's arguments for a process that runs one of the project's TypeScript
 * files and starts vitest: verify's own (as `npm run verify` starts it),
 * the benchmark's and the kill matrix's runs (src/load-typescript.mjs says why).
 */
import { fileURLToPath } from 'node:url';

export const loadTypeScript: readonly string[] = ['--import', fileURLToPath(new URL('../../load-typescript.mjs', import.meta.url))];
