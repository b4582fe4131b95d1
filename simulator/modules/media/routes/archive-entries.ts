/**
 * GET /rest/mp/v1.0/archive-entries/asset/{assetId}: the entries of a zip
 * asset. Removed in 8.0 (spec §4.4); the registrar serves it in 7.4 only.
 */
import { json } from '../../../http/router.ts';
import { assets } from '../../../fixtures/media.ts';
import { badRequest, mediaError, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { parseId } from '../params.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerArchiveEntryRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.0/archive-entries/asset/{assetId}', mediaAccess, (request) => {
    const assetId = parseId(request.params['assetId']);
    if (assetId === undefined) return badRequest('Asset id is null or negative number.');
    const asset = assets.find((candidate) => candidate.id === assetId);
    if (!asset) return notFound(`An asset with id ${assetId} doesn't exist.`);
    // A plain file is not an archive: no entries, not an error.
    const entries = (asset.archiveEntries ?? []).map((entry) => ({
      name: entry.name,
      size: entry.size,
      asset_id: asset.id,
      archive_path: entry.path,
    }));
    return json(200, context.faults.has('media-archive-entries-wrapped-in-7.4') ? { entries } : entries);
  });
};

/** A half-removed route (fault media-archive-entries-server-error): neither gone nor served. */
export const registerArchiveEntryServerError: MediaRoutes = (router) => {
  router.api('GET', '/rest/mp/v1.0/archive-entries/asset/{assetId}', mediaAccess, () => mediaError(500, 'ArchiveEntryService is not available.'));
};
