import type { ModuleRegistrar } from '../context.ts';

/** The media module's routes. */
export const registerMediaModule: ModuleRegistrar = () => {};
