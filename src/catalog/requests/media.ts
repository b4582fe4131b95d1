import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each media endpoint of the catalog. */
export const mediaRequests: RequestRecipes = {};
