/**
 * The media module's routes (prefix `/rest/mp`, spec §4.4). Each instance
 * gets its own state. What a version serves follows spec §4.4: 7.4 serves
 * what 8.0 removed and not what 8.0 added; 8.0 keeps deprecated routes
 * beside their replacements.
 */
import { createMediaState } from '../../fixtures/media.ts';
import type { ModuleRegistrar } from '../context.ts';
import { registerAiTaggingRoutes } from './ai-tagging/index.ts';
import { registerArchiveEntryRoutes, registerArchiveEntryServerError } from './routes/archive-entries.ts';
import { registerAssetAttributeRoutes } from './routes/asset-attributes.ts';
import { registerAssetRoutes } from './routes/assets.ts';
import { registerAssetSearchRoutes } from './routes/asset-search.ts';
import { registerAttributeNodeRoutes } from './routes/attribute-nodes.ts';
import { registerThemeRoutes } from './routes/themes.ts';
import { registerUserRoutes } from './routes/users.ts';
import { registerVirtualDatabaseRoutes } from './routes/virtual-databases.ts';
import { registerWebTracingRoutes } from './routes/web-tracing.ts';
import { registerWebhookRoutes } from './routes/webhooks.ts';
import { registerWorkflowStepsV11, registerWorkflowStepsV12 } from './routes/workflow-steps.ts';

export const registerMediaModule: ModuleRegistrar = (router, context) => {
  const state = createMediaState();
  const is80 = context.version === '8.0';
  const { faults } = context;

  // Served by both versions, some with a version-dependent shape.
  registerAssetSearchRoutes(router, context, state);
  registerAssetRoutes(router, context, state);
  registerAssetAttributeRoutes(router, context, state);
  registerAttributeNodeRoutes(router.when(() => !faults.has('media-attribute-nodes-missing')), context, state);
  registerThemeRoutes(router, context, state);
  registerUserRoutes(router, context, state);
  registerVirtualDatabaseRoutes(router, context, state);
  registerWebhookRoutes(router, context, state);
  registerWebTracingRoutes(router.when(() => !faults.has('media-web-tracing-missing')), context, state);

  // Removed in 8.0.
  const archiveEntriesServed = (): boolean => !is80 && !faults.has('media-archive-entries-removed-early');
  registerArchiveEntryRoutes(router.when(archiveEntriesServed), context, state);
  if (is80) registerArchiveEntryServerError(router.when(() => faults.has('media-archive-entries-server-error')), context, state);

  // Added in 8.0.
  const aiTaggingServed = (): boolean => (is80 ? !faults.has('media-ai-tagging-missing') : faults.has('media-ai-tagging-served-in-7.4'));
  registerAiTaggingRoutes(router.when(aiTaggingServed), context, state);

  // Deprecated in 8.0 (still served) and its 8.0 replacement (spec §9.4).
  registerWorkflowStepsV11(router.when(() => !faults.has('media-workflow-steps-removed-early')), context, state);
  if (is80) registerWorkflowStepsV12(router.when(() => !faults.has('media-workflow-steps-replacement-missing')), context, state);
};
