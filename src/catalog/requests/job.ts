import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each job endpoint of the catalog. */
export const jobRequests: RequestRecipes = {};
