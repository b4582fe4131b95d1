import type { FaultDefinition } from './fault.ts';
import { jobFaults } from './job.ts';
import { planningFaults } from './planning.ts';
import { mediaFaults } from './media.ts';
import { reviewFaults } from './review.ts';
import { templateBuilderFaults } from './template-builder.ts';
import { shopFaults } from './shop.ts';

/**
 * Faults of the six modules (spec §2, §3, §4.2 to §4.7, §5.10 to §5.13, §6),
 * merged from one catalog per module. They live here, not beside the
 * routes, so that the routes import the fault catalog and never the reverse.
 */
export const moduleFaults = {
  ...jobFaults,
  ...planningFaults,
  ...mediaFaults,
  ...reviewFaults,
  ...templateBuilderFaults,
  ...shopFaults,
} as const satisfies Readonly<Record<string, FaultDefinition>>;
