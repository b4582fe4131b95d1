/**
 * The media module's routes (prefix `/rest/mp`, spec §4.4). Each instance
 * gets its own state. What a version serves follows spec §4.4: 7.4 serves
 * what 8.0 removed and not what 8.0 added; 8.0 keeps deprecated routes
 * beside their replacements.
 */
import { createMediaState } from '../../fixtures/media.ts';
import type { ModuleRegistrar } from '../context.ts';
import { registerAiTaggingRoutes } from './ai-tagging/index.ts';
import { registerArchiveEntryRoutes } from './routes/archive-entries.ts';
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
  if (!faults.has('media-attribute-nodes-missing')) registerAttributeNodeRoutes(router, context, state);
  registerThemeRoutes(router, context, state);
  registerUserRoutes(router, context, state);
  registerVirtualDatabaseRoutes(router, context, state);
  registerWebhookRoutes(router, context, state);
  if (!faults.has('media-web-tracing-missing')) registerWebTracingRoutes(router, context, state);

  // Removed in 8.0.
  const archiveEntriesServed = is80 ? faults.has('media-archive-entries-still-served') : !faults.has('media-archive-entries-removed-early');
  if (archiveEntriesServed) registerArchiveEntryRoutes(router, context, state);

  // Added in 8.0.
  const aiTaggingServed = is80 ? !faults.has('media-ai-tagging-missing') : faults.has('media-ai-tagging-served-in-7.4');
  if (aiTaggingServed) registerAiTaggingRoutes(router, context, state);

  // Deprecated in 8.0 (still served) and its 8.0 replacement (spec §9.4).
  if (!faults.has('media-workflow-steps-removed-early')) registerWorkflowStepsV11(router, context, state);
  if (is80 && !faults.has('media-workflow-steps-replacement-missing')) registerWorkflowStepsV12(router, context, state);
};
