import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the template-builder module from the spec. */
export const templateBuilderFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
