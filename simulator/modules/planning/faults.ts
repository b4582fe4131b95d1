import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the planning module from the spec. */
export const planningFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
