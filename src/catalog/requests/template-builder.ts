import type { RequestRecipes } from './types.ts';

/** How the lifecycle checks exercise each template-builder endpoint of the catalog. */
export const templateBuilderRequests: RequestRecipes = {};
