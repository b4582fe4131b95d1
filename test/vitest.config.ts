import { defineConfig } from 'vitest/config';
import { transformCacheKeyPlugin } from '../src/runner/module-cache.ts';
import { dependenciesWithoutSourcemaps } from './support/dependency-sourcemaps.ts';
import { LongFilesFirst } from './support/long-files-first.ts';

/**
 * The project's own tests: harness units, simulator conformance, catalog and kill matrix.
 * Timeouts only catch hangs (test/support/hang-timeout.ts): a unit test that is slow because the
 * runner is busy must still pass; what spawns a command or a verify sets its own, longer bound.
 */
const UNIT_HANG_TIMEOUT_MS = 10 * 60_000;

/** GitHub's workflow parser imports its schema JSON without an import attribute, which Node 20 refuses: vite loads it. */
const inlined = ['@actions/workflow-parser'];

export default defineConfig({
  plugins: [transformCacheKeyPlugin(new URL('..', import.meta.url).pathname), dependenciesWithoutSourcemaps(inlined)],
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Two cores run one test file at a time by default; the long files mostly wait on their child processes.
    maxWorkers: 3,
    // A worker keeps its modules from one file to the next instead of importing them again, which saves CPU. Safe
    // because no test leaves process-wide state behind: the ones that share run permits withdraw them
    // after each test, the stack mapping guard's test restores Error.prepareStackTrace, and nothing stubs
    // modules, globals or the environment (the small files pass shuffled this way too).
    isolate: false,
    // The kill matrix and the runs that wait out timeouts start first, so none of them is the tail.
    sequence: { sequencer: LongFilesFirst },
    testTimeout: UNIT_HANG_TIMEOUT_MS,
    hookTimeout: UNIT_HANG_TIMEOUT_MS,
    env: { PACT_DO_NOT_TRACK: 'true' },
    // One scratch folder for the run, removed at its end; then decide once whether the browser tests and the tests
    // that read ../shared run, and print one line each when they are skipped.
    globalSetup: ['test/support/scratch-folder.ts', 'test/support/browser-tests.ts', 'test/support/shared-documents.ts'],
    // Vitest's transform cache on disk, as verify's runs use it (src/runner/module-cache.ts).
    experimental: { fsModuleCache: true },
    server: { deps: { inline: inlined } },
  },
});
