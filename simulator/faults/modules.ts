import type { FaultDefinition } from './fault.ts';

/**
 * Faults of the six modules (spec §2, §3, §4.2 to §4.7, §5.10 to §5.13, §6),
 * merged from one catalog per module, each kept beside its module's routes.
 */
export const moduleFaults = {} as const satisfies Readonly<Record<string, FaultDefinition>>;
