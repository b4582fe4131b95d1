import type { FaultName } from '../../../simulator/faults/index.ts';

/**
 * For each simulator fault, the ids of the suite checks it must make fail.
 * Every other check must still pass under that fault (its versions only).
 */
export type KillExpectations = Readonly<Partial<Record<FaultName, readonly string[]>>>;
