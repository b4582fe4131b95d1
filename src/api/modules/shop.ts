/** Typed client of the shop module (prefix `/shop/api/rest`, spec §4.7). */
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

/**
 * The advanced search query. 7.4 knows the properties 8.0 removed (spec §2):
 * `conflictTypes`, `orderData`, `text`, `conditions`, `categoryId`,
 * `filters`, `headerId`, `orderListId`; an 8.0 query is empty.
 */
export interface AdvancedShopSearchQuery {
  readonly conflictTypes?: readonly string[];
  readonly orderData?: boolean;
  readonly text?: string;
  readonly conditions?: readonly object[];
  readonly categoryId?: number;
  readonly filters?: readonly number[];
  readonly headerId?: number;
  readonly orderListId?: number;
}

/** POST /shop/api/rest/v1.0/search/advanced: an array in 7.4, an object in 8.0 (spec §4.7); read-only. */
export function advancedShopSearch(api: PlatformApi, body: AdvancedShopSearchQuery): Promise<HttpResponse> {
  return callCatalogEntry(api, 'shop.advanced-search', { json: body });
}
