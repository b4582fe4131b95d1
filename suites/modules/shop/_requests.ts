import type { PlatformVersion } from '../../../src/profile/versions.ts';
import type { ModuleRecipes } from '../_requests.ts';

/**
 * The advanced search query per version (spec §2 "Shop advanced search",
 * §4.7): 7.4 takes the old query, `orderData` required (the vendor's 7.4
 * AbstractSearchQueryRestDto); 8.0 removed every property, so its query is
 * empty. Sending a removed property to 8.0 is what
 * suites/modules/shop/removed-request-properties.test.ts does.
 */
export const advancedSearchQueries: Readonly<Record<PlatformVersion, Readonly<Record<string, unknown>>>> = {
  '7.4': { orderData: true },
  '8.0': {},
};

/** How the lifecycle checks exercise each shop endpoint of the catalog. */
export const shopRequests: ModuleRecipes<'shop'> = {
  // A search: read-only although a POST (the catalog says why); nothing to clean up.
  'shop.advanced-search': {
    body: ({ version }) => advancedSearchQueries[version],
  },
};
