/**
 * How the commands that start vitest load TypeScript: vitest's node API
 * natively first, then tsx for the project's own files.
 *
 * tsx's load hook rewrites the dynamic imports of every ES module it loads
 * and inlines a source map for it. Vitest's node API is hundreds of such
 * modules: loaded through tsx it costs several times the CPU, in every
 * verify. Loaded before tsx registers, its modules sit in Node's cache, and
 * tsx sees only the project's one import of it.
 *
 * The preload only saves work, it changes no result. A command line that
 * asks for help skips it: the usage waits for nothing (../help-gate.ts
 * decides exactly; this guess may only err towards skipping).
 */
const asksForHelp = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h');
// A failure here is the command's to report, in its own words, when it imports vitest itself.
if (!asksForHelp) await import('vitest/node').catch(() => undefined);
await import('tsx');
