/** Every module's consumer contracts, in the catalog's module order. */
import type { ModuleContracts } from '../interaction.ts';
import { jobContracts } from './job.pact.ts';
import { mediaContracts } from './media.pact.ts';
import { planningContracts } from './planning.pact.ts';
import { reviewContracts } from './review.pact.ts';
import { shopContracts } from './shop.pact.ts';
import { templateBuilderContracts } from './template-builder.pact.ts';

export const moduleContracts: readonly ModuleContracts[] = [
  jobContracts,
  planningContracts,
  mediaContracts,
  reviewContracts,
  templateBuilderContracts,
  shopContracts,
];
