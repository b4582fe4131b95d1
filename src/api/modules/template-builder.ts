/** Typed client of the template builder module (prefix `/wp/rest`, spec §4.6). */
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

/**
 * POST /wp/rest/attachment/externalIds: attachment ids for lists of external ids (removed in 8.0 without
 * deprecation). The vendor documents the body as an array of string arrays.
 */
export function getAttachmentIdsByExternalIds(api: PlatformApi, externalIds: readonly (readonly string[])[]): Promise<HttpResponse> {
  return callCatalogEntry(api, 'template-builder.attachment-external-ids', { json: externalIds });
}

/** GET /wp/rest/user/write/attachments: whether the caller may write attachments (removed in 8.0 without deprecation). */
export function canWriteAttachments(api: PlatformApi): Promise<HttpResponse> {
  return callCatalogEntry(api, 'template-builder.user-write-attachments');
}

/** GET /wp/rest/templates/{id}/boxes (added in 8.0). */
export function getTemplateBoxes(api: PlatformApi, templateId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'template-builder.template-boxes', { pathParams: { id: templateId } });
}

/** GET /wp/rest/templates/{id}/variables (added in 8.0). */
export function getTemplateVariables(api: PlatformApi, templateId: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'template-builder.template-variables', { pathParams: { id: templateId } });
}

/** GET /wp/rest/templates/newest: the newest templates `{rows, results}`, to find template ids. */
export function listNewestTemplates(api: PlatformApi, query: { readonly limit?: number } = {}): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/wp/rest/templates/newest', query: { limit: query.limit } });
}
