/** What run-matrix.ts writes: the suites' results and the contract traces that decided which fault runs verify the contracts. */
import type { RunResults } from '../../src/runner/results.ts';
import type { ContractTrace } from './contract-trace.ts';

export interface MatrixResults extends RunResults {
  readonly contractTraces: readonly ContractTrace[];
}
