/**
 * GET /rest/mp/v1.1/web-tracing/{assetId}: pages on the web that use the
 * asset. Served by both versions; 8.0 only documents it (spec §4.4). The
 * vendor grants it with module access, not the AI role of spec §5.11.
 */
import { json } from '../../../http/router.ts';
import { assets } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { parseId } from '../params.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerWebTracingRoutes: MediaRoutes = (router) => {
  router.api('GET', '/rest/mp/v1.1/web-tracing/{assetId}', mediaAccess, (request) => {
    const assetId = parseId(request.params['assetId']);
    if (assetId === undefined) return badRequest('Asset id is null or negative number.');
    const asset = assets.find((candidate) => candidate.id === assetId);
    if (!asset) return notFound(`Asset ${assetId} does not exist.`);
    return json(200, { links: [...asset.webTracingLinks] });
  });
};
