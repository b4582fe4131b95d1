/**
 * GET /rest/mp/v1.0/asset-attributes: every asset attribute, optionally of
 * one `attributeType`. Both versions; 8.0 adds `useLanguageNamesResult`
 * (default true: texts keyed by language name; false: by language tag)
 * (spec §4.4). 7.4 has no such parameter and answers language names.
 * Clients discover attribute ids here.
 */
import { json, type SimRequest } from '../../../http/router.ts';
import { assetAttributes } from '../../../fixtures/media.ts';
import { badRequest, mediaError } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { localize } from '../languages.ts';
import { readBoolean } from '../params.ts';
import type { ModuleContext } from '../../context.ts';
import type { MediaRoutes } from '../registrar.ts';

const attributeTypes = ['CUSTOM', 'STANDARD', 'SYSTEM'];

function wantsLanguageNames(context: ModuleContext, request: SimRequest): boolean | undefined {
  if (context.version === '7.4') return true;
  const names = readBoolean(request.query, 'useLanguageNamesResult', true);
  if (!names.ok) return undefined;
  return context.faults.has('media-attribute-language-names-ignored') ? true : names.value;
}

export const registerAssetAttributeRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.0/asset-attributes', mediaAccess, (request) => {
    const type = request.query.get('attributeType');
    if (type !== null && !attributeTypes.includes(type)) return badRequest(`Unknown attributeType '${type}'.`);
    if (type === null && context.faults.has('media-asset-attributes-unfiltered-error')) return mediaError(500, 'Cannot invoke "AttributeType.name()" because "type" is null');
    const useNames = wantsLanguageNames(context, request);
    if (useNames === undefined) return badRequest('useLanguageNamesResult must be true or false.');
    const body = assetAttributes
      .filter((attribute) => type === null || attribute.attributeType === type)
      .map((attribute) => ({
        id: attribute.id,
        attributeType: attribute.attributeType,
        name: localize(attribute.name, useNames),
        shortName: localize(attribute.shortName, useNames),
        helpText: localize(attribute.helpText, useNames),
      }));
    return json(200, { assetAttributes: body });
  });
};
