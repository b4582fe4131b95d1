/**
 * GET and POST /rest/mp/v1.1/ai-tagging/asset/{assetId} (spec §4.4): the AI
 * tagging information of one asset, and a forced tagging of its current
 * version, which the service schedules (202).
 */
import { json } from '../../../http/router.ts';
import { assets, type AiAssetTagging } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { aiTaggingAccess } from '../access.ts';
import { parseId } from '../params.ts';
import type { MediaRoutes } from '../registrar.ts';

function taggingBody(assetId: number, tagging: AiAssetTagging): Record<string, unknown> {
  return { assetId, versionNumber: tagging.versionNumber, state: tagging.state, lastTaggingDate: tagging.lastTaggingDate, tags: tagging.tags };
}

export const registerAiTaggingAssetRoutes: MediaRoutes = (router, context, state) => {
  const roles = aiTaggingAccess(context);

  router.api('GET', '/rest/mp/v1.1/ai-tagging/asset/{assetId}', roles, (request) => {
    const assetId = parseId(request.params['assetId']);
    if (assetId === undefined) return badRequest('Asset id is null or negative number.');
    const tagging = state.aiAssetTagging.get(assetId);
    if (!tagging) return notFound(`Asset ${assetId} does not exist.`);
    return json(200, taggingBody(assetId, tagging));
  });

  router.api('POST', '/rest/mp/v1.1/ai-tagging/asset/{assetId}', roles, (request) => {
    const assetId = parseId(request.params['assetId']);
    if (assetId === undefined) return badRequest('Asset id is null or negative number.');
    const asset = assets.find((candidate) => candidate.id === assetId);
    const tagging = state.aiAssetTagging.get(assetId);
    if (!asset || !tagging) return notFound(`Asset ${assetId} does not exist.`);
    tagging.state = 'SCHEDULED';
    tagging.versionNumber = asset.versionCount;
    return json(202, taggingBody(assetId, tagging));
  });
};
