/**
 * For each request property 8.0 removed from the advanced search (spec §2),
 * a value of its 7.4 type (the vendor's 7.4 AbstractSearchQueryRestDto,
 * AdvancedSearchQueryRestDto and SimpleSearchQueryRestDto) chosen so that a
 * platform still applying the property answers differently from a search
 * without it: a text and a condition no item matches, a conflict type few
 * items have, order data added to each item, and ids no category, saved
 * filter, header or order list has (int32's maximum).
 */
import type { FaultDeclarations } from '../../../src/catalog/faults.ts';

const noSuchName = 'upgrade-guard: no item is called this';
const noSuchId = 2_147_483_647;

/** A removed property's probe value, and the faults its check (`shop.advanced-search.removed-property.<property>`) declares. */
export interface RemovedPropertyProbe extends FaultDeclarations {
  readonly value: unknown;
}

/**
 * Every refusal answering an array kills each check; a property accepted and
 * ignored is an observation (the spec does not say 8.0 must refuse it).
 */
const refused = { killedBy: ['shop-search-errors-still-array'], observedBy: ['shop-search-removed-properties-accepted'] } as const satisfies FaultDeclarations;
/**
 * Applied again, a text, condition, conflict type or order data changes the
 * result; the ids no category, filter, header or order list has are refused (409) instead.
 */
const refusedOrApplied = {
  killedBy: ['shop-search-errors-still-array', 'shop-search-removed-properties-honored'],
  observedBy: ['shop-search-removed-properties-accepted'],
} as const satisfies FaultDeclarations;

export const removedPropertyProbes: Readonly<Record<string, RemovedPropertyProbe>> = {
  conflictTypes: { value: ['ARCHIVED'], ...refusedOrApplied },
  orderData: { value: true, ...refusedOrApplied },
  text: { value: noSuchName, ...refusedOrApplied },
  conditions: { value: [{ operator: 'AND', field: 'name', conditionOperator: 'EQUALS', value: noSuchName }], ...refusedOrApplied },
  categoryId: { value: noSuchId, ...refused },
  filters: { value: [{ filterId: noSuchId, filterCriteriaId: noSuchId }], ...refused },
  headerId: { value: noSuchId, ...refused },
  orderListId: { value: noSuchId, ...refused },
};

/** `orderListId` → `order-list-id`, for check ids. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
