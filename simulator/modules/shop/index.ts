import type { ModuleRegistrar } from '../context.ts';

/** The shop module's routes. */
export const registerShopModule: ModuleRegistrar = () => {};
