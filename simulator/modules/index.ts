import type { ModuleRegistrar } from './context.ts';
import { registerJobModule } from './job/index.ts';
import { registerPlanningModule } from './planning/index.ts';
import { registerMediaModule } from './media/index.ts';
import { registerReviewModule } from './review/index.ts';
import { registerTemplateBuilderModule } from './template-builder/index.ts';
import { registerShopModule } from './shop/index.ts';

/** Every module of the platform, registered on each instance (spec §1). */
export const moduleRegistrars: readonly ModuleRegistrar[] = [
  registerJobModule,
  registerPlanningModule,
  registerMediaModule,
  registerReviewModule,
  registerTemplateBuilderModule,
  registerShopModule,
];
