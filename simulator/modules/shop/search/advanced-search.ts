/**
 * POST /shop/api/rest/v1.0/search/advanced (spec §2, §4.7, §7).
 * - 7.4 takes the old query (see query-74.ts) and answers an array of
 *   result items; its 400 and 409 bodies are arrays too (empty), as the
 *   vendor's 7.4 document types them.
 * - 8.0 answers objects for 200, 400, 409 and 500: a page `{items,
 *   totalCount}` in the shop's paging envelope, `start`/`limit` in the
 *   query, or the platform's error object. Its query DTO lost every
 *   property (spec §2); the platform's JSON binding refuses properties a
 *   DTO lacks, so a request still carrying `text`, `conditions` and the
 *   rest is a 400 rather than a search that silently ignores them.
 */
import { json, type SimRequest, type SimResponse } from '../../../http/router.ts';
import { springError } from '../../../http/spring-error.ts';
import { shopItems } from '../../../fixtures/shop.ts';
import { readPageWindow, slicePage } from '../../../fixtures/paging.ts';
import { shopAccess } from '../access.ts';
import { readQuery74 } from './query-74.ts';
import { search74 } from './search-74.ts';
import { resultItem } from './result-item.ts';
import type { ModuleContext, ModuleRegistrar } from '../../context.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function search74Handler(context: ModuleContext, request: SimRequest): SimResponse {
  const read = readQuery74(request.body);
  if (!read.ok) return json(read.status, []);
  const items = search74(read.query).map((item) => resultItem(item, read.query.orderData));
  if (context.faults.has('shop-search-object-in-7.4')) return json(200, { items, totalCount: items.length });
  return json(200, items);
}

function search80Handler(context: ModuleContext, request: SimRequest): SimResponse {
  const error = (status: number, message: string): SimResponse =>
    context.faults.has('shop-search-errors-still-array') ? json(status, []) : springError(status, request.path, message);
  const body = request.body ?? {};
  if (!isRecord(body)) return error(400, 'The request body must be a JSON object.');
  const page = readPageWindow(request.query, { offsetName: 'start', defaultLimit: 50, maxLimit: 500 });
  if (!page.ok) return error(400, page.reason);
  if (context.faults.has('shop-search-removed-properties-honored')) {
    // The removed query still works: the body is read and applied as 7.4 did.
    const read = readQuery74(body, { orderDataRequired: false });
    if (!read.ok) return error(read.status, read.message);
    const found = search74(read.query);
    return json(200, { items: slicePage(found, page.window).map((item) => resultItem(item, read.query.orderData)), totalCount: found.length });
  }
  const unknown = Object.keys(body);
  if (unknown.length > 0 && !context.faults.has('shop-search-removed-properties-accepted')) {
    return error(400, `Unrecognized field(s) for the advanced search: ${unknown.join(', ')}.`);
  }
  const items = slicePage(shopItems, page.window).map((item) => resultItem(item));
  if (context.faults.has('shop-search-still-array')) return json(200, items);
  return json(200, { items, totalCount: shopItems.length });
}

export const registerAdvancedSearchRoute: ModuleRegistrar = (router, context) => {
  router.api('POST', '/shop/api/rest/v1.0/search/advanced', shopAccess, (request) =>
    context.version === '7.4' ? search74Handler(context, request) : search80Handler(context, request),
  );
};
