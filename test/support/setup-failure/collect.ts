/**
 * Runs the fixture next to it with vitest's node API, as verify runs the
 * suites, and prints what `collectResults` makes of it: one line of JSON
 * after the marker, as vitest writes its own report to stdout too.
 */
import { startVitest } from 'vitest/node';
import { collectResults } from '../../../src/runner/results.ts';

const resultsMarker = 'RESULTS ';
const here = new URL('.', import.meta.url).pathname;
const vitest = await startVitest('test', [], { config: false, run: true, watch: false, reporters: [] }, { test: { root: here, include: ['chain.fixture.ts'] } });
try {
  process.stdout.write(`\n${resultsMarker}${JSON.stringify(collectResults(vitest.state.getTestModules(), vitest.state.getUnhandledErrors()))}\n`);
} finally {
  await vitest.close();
}
// vitest marks the process failed for the fixture's failure; the results above are what this script reports.
process.exitCode = 0;
