import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each planning endpoint of the catalog. */
export const planningRequests: RequestRecipes = {};
