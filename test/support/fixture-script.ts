/**
 * The script half of fixture-run.ts: a script that drives vitest's node API on
 * the fixtures next to it runs them here, as verify runs the suites (the
 * threads pool), then prints its result after the `RESULT ` marker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest, type InlineConfig, type Reporter, type Vitest } from 'vitest/node';
import { RunPermits } from '../../src/http/run-permits.ts';

export interface FixtureScript {
  /** The script's folder, where its fixtures are: vitest's root. */
  readonly root: string;
  /** A temporary folder of the script's own, removed at `end`. */
  readonly dir: string;
  /** Starts vitest on the script's folder with `test`'s options, its workers in the run of `permits`; resolves once its run has returned. */
  readonly run: (reporters: readonly Reporter[], test: InlineConfig, permits?: RunPermits) => Promise<Vitest>;
  /** Closes vitest, withdraws the run's permits and prints `result`. */
  readonly end: (vitest: Vitest, result: unknown) => Promise<void>;
}

const permitsSetup = fileURLToPath(new URL('../../src/http/permits-setup.ts', import.meta.url));

export function fixtureScript(scriptUrl: string, prefix: string): FixtureScript {
  const root = new URL('.', scriptUrl).pathname;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    root,
    dir,
    run: (reporters, test, permits) =>
      startVitest(
        'test',
        [],
        { config: false, run: true, watch: false, reporters: [...reporters] },
        {
          cacheDir: join(dir, 'vite-cache'),
          test: {
            root,
            pool: 'threads',
            ...test,
            // As the suites' workers join verify's run (src/runner/suites-config.ts).
            ...(permits && { provide: { ...test.provide, runPermits: permits.shared }, setupFiles: [permitsSetup, ...[test.setupFiles ?? []].flat()] }),
          },
        },
      ),
    end: async (vitest, result) => {
      await vitest.close();
      RunPermits.withdraw();
      rmSync(dir, { recursive: true, force: true });
      process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`);
      // vitest marks the process failed for a cancelled run; the result above is what the script reports.
      process.exitCode = 0;
    },
  };
}
