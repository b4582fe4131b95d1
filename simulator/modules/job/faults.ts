import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the job module from the spec. */
export const jobFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
