/**
 * GET /rest/mp/v1.1/assets/{assetId}: one asset with its actual version.
 * Both versions; 8.0 adds `assetSets` (spec §2, §4.4) and identifier pairs
 * for owner, database, division and watchers. The fields follow the
 * vendor's AssetV1RestDto; `useLanguageNamesResult` (8.0) keys the texts.
 */
import { json } from '../../../http/router.ts';
import { assetSets, assets, divisions, flattenThemes, mediaUsers, themeRoot, virtualDatabases, type Asset } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { identifierPair, uuidOf } from '../identifiers.ts';
import { localize } from '../languages.ts';
import { parseId, readBoolean } from '../params.ts';
import type { ModuleContext } from '../../context.ts';
import type { MediaRoutes } from '../registrar.ts';

function userReference(context: ModuleContext, userId: number): Record<string, unknown> {
  const user = mediaUsers.find((candidate) => candidate.id === userId);
  return user ? { ...identifierPair(context, user), name: user.name } : { id: userId };
}

function assetSetsOf(context: ModuleContext, asset: Asset): Record<string, unknown>[] {
  return assetSets
    .filter((set) => asset.assetSetIds.includes(set.id))
    .map((set) => {
      const owner = mediaUsers.find((candidate) => candidate.id === set.ownerId);
      return {
        id: set.id,
        name: set.name,
        ...(set.parentId === undefined ? {} : { parentId: set.parentId }),
        ownerId: set.ownerId,
        ...(owner ? { ownerUuid: uuidOf(context, owner), ownerName: owner.name } : {}),
        type: set.type,
        status: set.status,
        isDefault: set.isDefault,
        description: set.description,
        isPublic: set.isPublic,
        isUnlimitedVisibility: set.isUnlimitedVisibility,
        groupId: set.groupId,
        lastUploadDate: set.lastUploadDate,
      };
    });
}

export function assetBody(context: ModuleContext, asset: Asset, useLanguageNames: boolean): Record<string, unknown> {
  const database = virtualDatabases.find((candidate) => candidate.id === asset.vdbId);
  const division = divisions.find((candidate) => candidate.id === asset.divisionId);
  const themes = flattenThemes(themeRoot).filter((theme) => asset.themeIds.includes(theme.id));
  const body: Record<string, unknown> = {
    id: context.faults.has('media-asset-id-as-string') ? String(asset.id) : asset.id,
    assetTypeId: asset.assetTypeId,
    uploadDate: asset.uploadDate,
    lastUpdatedTime: asset.lastUpdatedTime,
    actualVersionNumber: asset.versionCount,
    versionCount: asset.versionCount,
    assetTitle: localize(asset.title, useLanguageNames),
    description: localize(asset.description, useLanguageNames),
    keywords: localize(asset.keywords, useLanguageNames),
    owner: userReference(context, asset.ownerId),
    vdb: database
      ? { ...identifierPair(context, database), name: database.name, needsApproval: database.needsApproval, setDigitalWatermark: database.setDigitalWatermark, setVisualWatermark: database.setVisualWatermark }
      : undefined,
    division: division ? { ...identifierPair(context, division), name: division.name } : undefined,
    themes: themes.map((theme) => ({ id: theme.id, text: theme.name['en-US'] ?? '' })),
    watchers: asset.watcherIds.map((userId) => userReference(context, userId)),
    hiRes: asset.hiRes,
    suitableForW2P: asset.suitableForW2P,
    editState: false,
    hideIfNotValid: false,
    resourceVersion: {
      id: asset.id * 10 + asset.versionCount,
      assetId: asset.id,
      versionNumber: asset.versionCount,
      insertedTime: asset.lastUpdatedTime,
      official: true,
      fileResource: { fileName: `${asset.fileName}.${asset.suffix}`, fileSize: asset.fileSize, width: asset.width, height: asset.height },
    },
  };
  if (context.version === '8.0' && !context.faults.has('media-asset-sets-missing')) body['assetSets'] = assetSetsOf(context, asset);
  return body;
}

export const registerAssetRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.1/assets/{assetId}', mediaAccess, (request) => {
    const assetId = parseId(request.params['assetId']);
    if (assetId === undefined) return badRequest('Asset ID is not a valid non-negative number.');
    const asset = assets.find((candidate) => candidate.id === assetId);
    if (!asset) return notFound(`No asset found with id ${assetId}.`);
    // 7.4 has no useLanguageNamesResult and always answers language names.
    const names = context.version === '8.0' ? readBoolean(request.query, 'useLanguageNamesResult', true) : { ok: true as const, value: true };
    if (!names.ok) return badRequest('useLanguageNamesResult must be true or false.');
    return json(200, assetBody(context, asset, names.value));
  });
};
