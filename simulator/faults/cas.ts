import type { FaultDefinition } from './fault.ts';

/** Faults of the central authentication service and the bearer guard (spec §4.1, §5, §7, §8). Filled in with the CAS. */
export const casFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
