/**
 * For each request property 8.0 removed from the advanced search (spec §2),
 * a value of its 7.4 type (the vendor's 7.4 AbstractSearchQueryRestDto,
 * AdvancedSearchQueryRestDto and SimpleSearchQueryRestDto) chosen so that a
 * platform still applying the property answers differently from a search
 * without it: a text and a condition no item matches, a conflict type few
 * items have, order data added to each item, and ids no category, saved
 * filter, header or order list has (int32's maximum).
 */
const noSuchName = 'upgrade-guard: no item is called this';
const noSuchId = 2_147_483_647;

export const removedPropertyProbes: Readonly<Record<string, unknown>> = {
  conflictTypes: ['ARCHIVED'],
  orderData: true,
  text: noSuchName,
  conditions: [{ operator: 'AND', field: 'name', conditionOperator: 'EQUALS', value: noSuchName }],
  categoryId: noSuchId,
  filters: [{ filterId: noSuchId, filterCriteriaId: noSuchId }],
  headerId: noSuchId,
  orderListId: noSuchId,
};

/** `orderListId` → `order-list-id`, for check ids. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
