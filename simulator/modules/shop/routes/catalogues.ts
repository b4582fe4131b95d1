/**
 * GET /shop/api/rest/v1.0/catalogues/list/info: short catalogue info, paged
 * with `start`/`limit` in the vendor's `{items, totalCount}` envelope. Both
 * versions; read-only, so it serves as the shop's discovery listing and
 * protected-endpoint probe.
 */
import { json } from '../../../http/router.ts';
import { springError } from '../../../http/spring-error.ts';
import { catalogues, shopItems } from '../../../fixtures/shop.ts';
import { readPageWindow, slicePage } from '../../../fixtures/paging.ts';
import { shopAccess } from '../access.ts';
import type { ModuleRegistrar } from '../../context.ts';

export const registerCatalogueRoutes: ModuleRegistrar = (router) => {
  router.api('GET', '/shop/api/rest/v1.0/catalogues/list/info', shopAccess, (request) => {
    const page = readPageWindow(request.query, { offsetName: 'start', defaultLimit: 25, maxLimit: 200 });
    if (!page.ok) return springError(400, request.path, page.reason);
    const items = slicePage(catalogues, page.window).map((catalogue) => ({
      id: catalogue.id,
      label: catalogue.label,
      description: catalogue.description,
      itemsCount: shopItems.filter((item) => item.catalogueId === catalogue.id).length,
    }));
    return json(200, { items, totalCount: catalogues.length });
  });
};
