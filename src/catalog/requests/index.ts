/**
 * Request recipes of every module, by catalog entry id (see types.ts).
 */
import type { RequestRecipe, RequestRecipes } from './types.ts';
import { jobRequests } from './job.ts';
import { planningRequests } from './planning.ts';
import { mediaRequests } from './media.ts';
import { reviewRequests } from './review.ts';
import { templateBuilderRequests } from './template-builder.ts';
import { shopRequests } from './shop.ts';

export const requestRecipes: RequestRecipes = {
  ...jobRequests,
  ...planningRequests,
  ...mediaRequests,
  ...reviewRequests,
  ...templateBuilderRequests,
  ...shopRequests,
};

export function recipeFor(entryId: string): RequestRecipe {
  return requestRecipes[entryId] ?? {};
}

export type * from './types.ts';
