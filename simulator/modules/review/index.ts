import type { ModuleRegistrar } from '../context.ts';

/** The review module's routes. */
export const registerReviewModule: ModuleRegistrar = () => {};
