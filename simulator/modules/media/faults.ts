import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the media module from the spec. */
export const mediaFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
