import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the review module from the spec. */
export const reviewFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
