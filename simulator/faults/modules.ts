import type { FaultDefinition } from './fault.ts';
import { jobFaults } from '../modules/job/faults.ts';
import { planningFaults } from '../modules/planning/faults.ts';
import { mediaFaults } from '../modules/media/faults.ts';
import { reviewFaults } from '../modules/review/faults.ts';
import { templateBuilderFaults } from '../modules/template-builder/faults.ts';
import { shopFaults } from '../modules/shop/faults.ts';

/**
 * Faults of the six modules (spec §2, §3, §4.2 to §4.7, §5.10 to §5.13, §6),
 * merged from one catalog per module, each kept beside its module's routes.
 */
export const moduleFaults = {
  ...jobFaults,
  ...planningFaults,
  ...mediaFaults,
  ...reviewFaults,
  ...templateBuilderFaults,
  ...shopFaults,
} as const satisfies Readonly<Record<string, FaultDefinition>>;
