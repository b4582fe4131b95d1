import type { ModuleRegistrar } from '../context.ts';

/** The planning module's routes. */
export const registerPlanningModule: ModuleRegistrar = () => {};
