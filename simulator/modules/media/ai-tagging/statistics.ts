/**
 * AI tagging statistics (spec §4.4): GET the counters; POST /reset sets
 * every counter back to 0, stamps `lastResetDate` and answers the reset
 * statistics.
 */
import { json } from '../../../http/router.ts';
import type { AiStatistics } from '../../../fixtures/media.ts';
import { aiTaggingAccess } from '../access.ts';
import type { MediaRoutes } from '../registrar.ts';

const statisticsBody = (statistics: AiStatistics): AiStatistics => ({ ...statistics });

export const registerAiStatisticsRoutes: MediaRoutes = (router, context, state) => {
  const roles = aiTaggingAccess(context);

  router.api('GET', '/rest/mp/v1.1/ai-tagging/statistics', roles, () => json(200, statisticsBody(state.aiStatistics)));

  router.api('POST', '/rest/mp/v1.1/ai-tagging/statistics/reset', roles, () => {
    const statistics = state.aiStatistics;
    if (!context.faults.has('media-statistics-reset-ignored')) {
      statistics.taggedAssets = 0;
      statistics.failedAssets = 0;
      statistics.skippedAssets = 0;
      statistics.assignedTags = 0;
      statistics.providerRequests = 0;
      statistics.lastResetDate = new Date().toISOString();
    }
    return json(200, statisticsBody(statistics));
  });
};
