/**
 * The shop module's routes (prefix `/shop/api/rest`, spec §4.7). Its only
 * listed change, the advanced search, exists in both versions with a
 * version-dependent request and response; the read-only catalogue and item
 * routes are the same in both. Nothing here changes state.
 */
import type { ModuleRegistrar } from '../context.ts';
import { registerCatalogueRoutes } from './routes/catalogues.ts';
import { registerItemRoutes } from './routes/items.ts';
import { registerAdvancedSearchRoute } from './search/advanced-search.ts';

export const registerShopModule: ModuleRegistrar = (router, context) => {
  registerCatalogueRoutes(router, context);
  registerItemRoutes(router, context);
  registerAdvancedSearchRoute(router, context);
};
