import type { ModuleRegistrar } from '../context.ts';

/** The job module's routes. */
export const registerJobModule: ModuleRegistrar = () => {};
