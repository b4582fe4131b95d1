import type { KillExpectations, ObservationExpectations } from './types.ts';

/** Checks of the eight request properties 8.0 removed from the advanced search (spec §2). */
const removedProperty = (name: string): string => `shop.advanced-search.removed-property.${name}`;
const allRemovedProperties = ['conflict-types', 'order-data', 'text', 'conditions', 'category-id', 'filters', 'header-id', 'order-list-id'].map(removedProperty);

/** The shop module's checks (suites/modules/shop) that each fault must make fail. */
export const shopKills: KillExpectations = {
  'shop-search-still-array': ['shop.advanced-search.served'],
  // Every refusal answers an array: the array query and each removed property.
  'shop-search-errors-still-array': ['shop.advanced-search.error-body-object', ...allRemovedProperties],
  // Applied again, the filters change the result; the ids no category, filter, header or order list has are refused (409).
  'shop-search-removed-properties-honored': ['conflict-types', 'order-data', 'text', 'conditions'].map(removedProperty),
  'shop-search-object-in-7.4': ['shop.advanced-search.served'],
};

/** The shop module's checks that each fault must turn into an observation. */
export const shopObservations: ObservationExpectations = {
  // Accepted and ignored: the spec does not say 8.0 must refuse a removed property, so it is reported.
  'shop-search-removed-properties-accepted': allRemovedProperties,
};
