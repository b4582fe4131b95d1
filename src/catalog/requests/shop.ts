import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each shop endpoint of the catalog. */
export const shopRequests: RequestRecipes = {};
