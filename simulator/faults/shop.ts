import type { FaultDefinition } from './fault.ts';

/** Named deviations of the shop module from the spec. */
export const shopFaults = {
  'shop-search-still-array': {
    description: 'POST /shop/api/rest/v1.0/search/advanced answers 200 with the 7.4 array in 8.0 instead of an object.',
    spec: '§4.7, §7',
    versions: ['8.0'],
  },
  'shop-search-errors-still-array': {
    description: 'POST /shop/api/rest/v1.0/search/advanced answers its 400 and 409 errors with an array body in 8.0.',
    spec: '§4.7, §7',
    versions: ['8.0'],
  },
  'shop-search-removed-properties-accepted': {
    description: 'POST /shop/api/rest/v1.0/search/advanced answers 200 to a request carrying properties 8.0 removed (text, conditions, …), silently ignoring them, instead of refusing it.',
    spec: '§2, §4.7',
    versions: ['8.0'],
  },
  'shop-search-removed-properties-honored': {
    description: 'POST /shop/api/rest/v1.0/search/advanced still applies the request properties 8.0 removed (text, orderData, conflictTypes, …) as 7.4 did.',
    spec: '§2, §4.7',
    versions: ['8.0'],
  },
  'shop-search-object-in-7.4': {
    description: 'POST /shop/api/rest/v1.0/search/advanced already answers the 8.0 object in 7.4.',
    spec: '§4.7',
    versions: ['7.4'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
