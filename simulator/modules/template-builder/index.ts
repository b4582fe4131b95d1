import type { ModuleRegistrar } from '../context.ts';

/** The template-builder module's routes. */
export const registerTemplateBuilderModule: ModuleRegistrar = () => {};
