import type { ModuleRegistrar } from './context.ts';

/** Every module of the platform, registered on each instance. */
export const moduleRegistrars: readonly ModuleRegistrar[] = [];
