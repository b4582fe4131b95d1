/**
 * Typed client of the media module (prefix `/rest/mp`, spec §4.4).
 * Catalog endpoints take their path from the catalog; the search, the
 * virtual database listing and the webhook listing are not changes of the
 * spec and are how ids are discovered and created webhooks cleaned up.
 */
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

/** GET /rest/mp/v1.1/ai-tagging: `{currentState, processedItems, totalItems}` (spec §2, §4.4). */
export function getAiTaggingStatus(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.ai-tagging-status');
}

/** POST /rest/mp/v1.1/ai-tagging `{state}`, answered with `{currentState}` (spec §2, §3). */
export function setAiTaggingState(api: PlatformApi, state: string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.ai-tagging-state-update', { json: { state } });
}

/** GET /rest/mp/v1.1/assets/{assetId}: the asset, with `assetSets` in 8.0 (spec §2, §4.4). */
export function getAsset(api: PlatformApi, assetId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.asset', { pathParams: { assetId } });
}

/** GET /rest/mp/v1.0/archive-entries/asset/{assetId}: the entries of an archive asset (removed in 8.0, spec §4.4). */
export function getArchiveEntries(api: PlatformApi, assetId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.archive-entries-asset', { pathParams: { assetId } });
}

/** GET /rest/mp/v1.2/themes: one tree object in 7.4, an array of themes in 8.0 (spec §2, §4.4). */
export function getThemes(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.themes');
}

/** Webhook creation request (spec §6); the filter takes `vdbUuids` from 8.0 on. */
export interface WebhookRequest {
  readonly title: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly enabled?: boolean;
  readonly filters?: {
    readonly vdbIds?: readonly number[];
    readonly vdbUuids?: readonly string[];
  };
}

/** POST /rest/mp/v1.1/webhooks (spec §4.4, §6). */
export function createWebhook(api: PlatformApi, body: WebhookRequest): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.webhook-create', { json: body });
}

/** GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps (deprecated in 8.0, spec §4.4). */
export function getWorkflowSteps(api: PlatformApi, vdbId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.vdb-workflow-steps', { pathParams: { vdbId } });
}

/** GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps, the replacement (spec §4.4, §9.4). */
export function getWorkflowStepsV12(api: PlatformApi, vdbId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'media.vdb-workflow-steps', { pathParams: { vdbId } }, 'replacement');
}

/** GET /rest/mp/v1.0/search: a page of assets `{total, assets}`, to find asset ids. */
export function searchAssets(api: PlatformApi, query: { readonly limit?: number } = {}): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/rest/mp/v1.0/search', query: { limit: query.limit } });
}

/** GET /rest/mp/v1.1/virtual-databases: the databases the caller may see (`uuid` beside `id` in 8.0). */
export function listVirtualDatabases(api: PlatformApi): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/rest/mp/v1.1/virtual-databases' });
}

/** GET /rest/mp/v1.1/webhooks: the webhooks `{webhooks}`, to clean up what a check created. */
export function listWebhooks(api: PlatformApi): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/rest/mp/v1.1/webhooks' });
}

/** DELETE /rest/mp/v1.1/webhooks/{id}. */
export function deleteWebhook(api: PlatformApi, id: number | string): Promise<HttpResponse> {
  return api.call({ method: 'DELETE', path: '/rest/mp/v1.1/webhooks/{id}', pathParams: { id } });
}
