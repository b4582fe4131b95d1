/**
 * Shop module contracts (spec §2 "Shop advanced search", §4.7, §7): the
 * 7.4 query and array answer, and 8.0's empty query and object answer.
 */
import { MatchersV3 } from '../matchers.ts';
import { advancedShopSearch } from '../../src/api/modules/shop.ts';
import type { ModuleContracts } from '../interaction.ts';

const { eachLike, integer, like } = MatchersV3;

export const shopContracts: ModuleContracts = {
  module: 'shop',
  versions: {
    '7.4': [
      {
        slug: 'advanced-search-as-array',
        killedBy: ['shop-search-object-in-7.4'],
        description: 'an advanced search for items without order data',
        state: 'shop items exist',
        endpoint: 'shop.advanced-search',
        body: { orderData: false },
        status: 200,
        responseBody: eachLike({ itemId: integer(8101) }),
        drive: (api) => advancedShopSearch(api, { orderData: false }),
      },
    ],
    '8.0': [
      {
        slug: 'advanced-search-as-object',
        killedBy: ['shop-search-still-array'],
        description: 'an advanced search with the 8.0 query',
        state: 'shop items exist',
        endpoint: 'shop.advanced-search',
        body: {},
        status: 200,
        // Spec §4.7: the body is an object; its members are not shown.
        responseBody: like({}),
        drive: (api) => advancedShopSearch(api, {}),
      },
    ],
  },
};
