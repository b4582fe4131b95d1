/**
 * GET /rest/mp/v1.0/search: the asset search both versions serve, paged
 * with `from`/`limit` in the vendor's `{total, assets}` envelope. Clients
 * discover asset ids here.
 */
import { json } from '../../../http/router.ts';
import { assets, flattenThemes, mediaUsers, themeRoot, virtualDatabases } from '../../../fixtures/media.ts';
import { readPageWindow, slicePage } from '../../../fixtures/paging.ts';
import { badRequest } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerAssetSearchRoutes: MediaRoutes = (router) => {
  router.api('GET', '/rest/mp/v1.0/search', mediaAccess, (request) => {
    const page = readPageWindow(request.query, { offsetName: 'from', defaultLimit: 100, maxLimit: 1000 });
    if (!page.ok) return badRequest(page.reason);
    const text = request.query.get('query')?.toLowerCase() ?? '';
    const matching = assets.filter((asset) => text === '' || Object.values(asset.title).some((title) => title.toLowerCase().includes(text)));
    const themes = flattenThemes(themeRoot);
    const found = slicePage(matching, page.window).map((asset) => {
      const owner = mediaUsers.find((user) => user.id === asset.ownerId);
      return {
        id: asset.id,
        title: asset.title['en-US'] ?? '',
        assetTitle: asset.title['en-US'] ?? '',
        description: asset.description['en-US'] ?? '',
        databaseId: asset.vdbId,
        vdbName: virtualDatabases.find((database) => database.id === asset.vdbId)?.name ?? '',
        ownerId: asset.ownerId,
        ownerName: owner?.name ?? '',
        themes: [...asset.themeIds],
        themeNames: themes.filter((theme) => asset.themeIds.includes(theme.id)).map((theme) => theme.name['en-US'] ?? ''),
        version: asset.versionCount,
        suffix: asset.suffix,
        fileName: asset.fileName,
        fileNameWithSuffix: `${asset.fileName}.${asset.suffix}`,
        fileSize: asset.fileSize,
        width: asset.width,
        height: asset.height,
        uploadDate: asset.uploadDate,
        hiRes: asset.hiRes,
        suitableForW2P: asset.suitableForW2P,
        upcoming: false,
        expired: false,
        unlimitedValidity: true,
      };
    });
    return json(200, { total: matching.length, assets: found });
  });
};
