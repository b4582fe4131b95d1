/** Shop module endpoint changes, spec §4.7 (prefix `/shop/api/rest`). */
import { endpointChanges } from './types.ts';

export const shopEntries = endpointChanges([
  {
    id: 'shop.advanced-search',
    module: 'shop',
    method: 'POST',
    path: '/shop/api/rest/v1.0/search/advanced',
    // The row says "response body type changed from array to object"; spec §4.3
    // calls the same kind of change (a body type swap) a breaking change.
    change: 'breaking',
    removedFields: {
      request: ['conflictTypes', 'orderData', 'text', 'conditions', 'categoryId', 'filters', 'headerId', 'orderListId'],
    },
    statusCodes: [200, 400, 409, 500],
    schemas: {
      request: { '7.4': '7.4/shop-advanced-search-request', '8.0': '8.0/shop-advanced-search-request' },
      response: { '7.4': '7.4/shop-advanced-search-response', '8.0': '8.0/shop-advanced-search-response' },
    },
    specSection: '§4.7',
    notes: 'response body is an array in 7.4 and an object in 8.0 for statuses 200, 400, 409, 500; request properties removed (spec §2)',
    mutating: false,
    readOnlyReason: 'a search: the query travels in the POST body, no data changes',
    pathParams: {},
    faults: {
      served: { killedBy: ['shop-search-still-array', 'shop-search-object-in-7.4'] },
    },
  },
]);
