/**
 * Typed client of the planning module (prefix `/maps/rest/api/{version}`,
 * spec §4.3). Catalog endpoints take their path from the catalog; the
 * listings used to discover ids (node types, views) are not changes of the
 * spec and use the target's path version like every planning path.
 */
import { modulePrefixes } from '../../catalog/index.ts';
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

/** `/maps/rest/api/{version}` + path: the API client fills `{version}` from the target's path versions (spec §4.3, §9.2). */
export function planningPath(path: string): string {
  return `${modulePrefixes.planning}/{version}${path}`;
}

/** GET /group: every planning group, each with `uid` (added in 8.0, spec §2, §4.3). */
export function listGroups(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.group-list');
}

/** GET /fee?query=…: the fee list `{fees: [{type, amount}]}` (added in 8.0, spec §2, §4.3). */
export function getFees(api: PlatformApi, query?: string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.fee-list', { query: { query } });
}

/** GET /view/{viewId}: one view with `accessType` and `creatorId` (added in 8.0, spec §2, §4.3). */
export function getView(api: PlatformApi, viewId: string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.view-get', { pathParams: { viewId } });
}

/** GET /view/all: a page of the views the caller may see (added in 8.0, spec §4.3). */
export function listViews(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.view-all');
}

/** GET /node-type/icons/download/{typeId}: an object in 7.4, a string in 8.0 (breaking change, spec §4.3). */
export function downloadNodeTypeIcon(api: PlatformApi, typeId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.node-type-icon-download', { pathParams: { typeId } });
}

/** GET /usergroups/all: the group memberships of all users (deprecated in 8.0, spec §4.3). */
export function getAllUserGroups(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'planning.usergroups-all');
}

/** GET /node-type: the node types, to find one whose icon to download. */
export function listNodeTypes(api: PlatformApi): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: planningPath('/node-type') });
}
