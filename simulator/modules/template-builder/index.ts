/**
 * The template-builder module's routes (prefix `/wp/rest`, spec §4.6). Each
 * instance gets its own state. 7.4 serves the two attachment routes 8.0
 * removed; 8.0 serves the template boxes, renderers and variables and the
 * deletion of dynamic-service parameters, which 7.4 does not.
 */
import { createTemplateBuilderState } from '../../fixtures/template-builder.ts';
import type { ModuleRegistrar } from '../context.ts';
import { registerAttachmentRoutes } from './routes/attachments.ts';
import { registerDynamicServiceRoutes } from './routes/dynamic-services.ts';
import { registerParameterCreateRoutes } from './routes/dynamic-service-parameters-create.ts';
import { registerParameterDeleteRoutes } from './routes/dynamic-service-parameters-delete.ts';
import { registerTemplateBoxRoutes } from './routes/template-boxes.ts';
import { registerTemplateRendererRoutes } from './routes/template-renderers.ts';
import { registerTemplateRoutes } from './routes/templates.ts';
import { registerTemplateVariableRoutes } from './routes/template-variables.ts';

export const registerTemplateBuilderModule: ModuleRegistrar = (router, context) => {
  const state = createTemplateBuilderState();
  const is80 = context.version === '8.0';
  const { faults } = context;

  // Served by both versions.
  registerTemplateRoutes(router, context, state);
  registerDynamicServiceRoutes(router, context, state);
  registerParameterCreateRoutes(router, context, state);

  // Removed in 8.0 without deprecation.
  const attachmentsServed = (): boolean => (is80 ? faults.has('template-builder-removed-still-served') : !faults.has('template-builder-removed-early'));
  registerAttachmentRoutes(router.when(attachmentsServed), context, state);

  // Added in 8.0.
  const added = router.when(() => is80 || faults.has('template-builder-added-served-in-7.4'));
  registerTemplateBoxRoutes(added.when(() => !faults.has('template-builder-boxes-missing')), context, state);
  registerTemplateRendererRoutes(added, context, state);
  registerTemplateVariableRoutes(added.when(() => !faults.has('template-builder-variables-missing')), context, state);
  registerParameterDeleteRoutes(added.when(() => !faults.has('template-builder-parameters-delete-missing')), context, state);
};
