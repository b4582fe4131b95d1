import { defineConfig } from 'vitest/config';

/** The project's own tests: harness units, simulator conformance, catalog and kill matrix. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    env: { PACT_DO_NOT_TRACK: 'true' },
    // GitHub's workflow parser imports its schema JSON without an import attribute, which Node 20 refuses: vite loads it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
