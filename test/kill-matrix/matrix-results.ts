/** What run-matrix.ts writes: the suites' results, the plan they ran, and the traces that decided which files each fault run ran. */
import type { RunTarget } from '../../src/run-targets/run-plan.ts';
import type { CheckResult, RunResults } from '../../src/runner/results.ts';
import type { SuiteTrace } from './suite-trace.ts';

export interface MatrixResults extends RunResults {
  readonly plan: readonly RunTarget[];
  /** `run-matrix.ts --every-file`: every fault ran every file, whatever the traces say. */
  readonly everyFile: boolean;
  readonly suiteTraces: readonly SuiteTrace[];
  /** The checks of the suite trace's runs, one target per version and file (suite-trace.ts `traceProject`). */
  readonly traceChecks: readonly CheckResult[];
}
