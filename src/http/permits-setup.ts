/**
 * Setup file of every suite file: the worker joins the run's permits, provided by the process that started vitest
 * (run-permits.ts), before any of the file's clients is made. MAX_CONCURRENCY bounds the run, not each worker.
 */
import { inject } from 'vitest';
import { RunPermits, type SharedRun } from './run-permits.ts';

RunPermits.join(inject('runPermits'));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's permits (src/runner/run-suites.ts); absent in a developer's plain `vitest`, which bounds each client alone. */
    runPermits?: SharedRun;
  }
}
