/**
 * How the project's processes load TypeScript: the one large dependency the
 * process needs, natively first, then tsx for the project's own files.
 *
 * tsx's load hook rewrites the dynamic imports of every ES module it loads
 * and inlines a source map for it. Vitest's node API is hundreds of such
 * modules, and pact-js is large: loaded through tsx they cost several times
 * the CPU, in every verify and every Pact verifier child. Loaded before tsx
 * registers, their modules sit in Node's cache, and tsx sees only the
 * project's one import of each.
 *
 * `?native=NAME` names that dependency (the verifier child's is pact-js,
 * src/contracts/quiet-verification.ts); without it, vitest's node API. The
 * preload only saves work and changes no result: a dependency that does not
 * load here is the process's to report, in its own words, when it imports it.
 * A command line that asks for help skips it, since the usage waits for
 * nothing (src/cli/help-gate.ts decides exactly; this guess may only err
 * towards skipping).
 */
const native = new URL(import.meta.url).searchParams.get('native') ?? 'vitest/node';
const asksForHelp = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h');
if (!asksForHelp) await import(native).catch(() => undefined);
await import('tsx');
