import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each review endpoint of the catalog. */
export const reviewRequests: RequestRecipes = {};
