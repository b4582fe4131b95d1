import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the shop module from the spec. */
export const shopFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
