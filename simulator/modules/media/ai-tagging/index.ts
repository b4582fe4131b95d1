/**
 * The AI tagging service of the media module, added in 8.0 (spec §4.4),
 * every route behind the search configuration role (spec §5.11).
 */
import { registerAiTaggingProgressRoutes } from './progress.ts';
import { registerAiTaggingAssetRoutes } from './assets.ts';
import { registerAiConfigurationRoutes } from './configurations.ts';
import { registerAiProviderRoutes } from './providers.ts';
import { registerAiStatisticsRoutes } from './statistics.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerAiTaggingRoutes: MediaRoutes = (router, context, state) => {
  registerAiTaggingProgressRoutes(router, context, state);
  registerAiTaggingAssetRoutes(router, context, state);
  registerAiConfigurationRoutes(router, context, state);
  registerAiProviderRoutes(router, context, state);
  registerAiStatisticsRoutes(router, context, state);
};
