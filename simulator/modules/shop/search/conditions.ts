/**
 * The condition language of 7.4's advanced search (the vendor's
 * AdvancedSearchQueryConditionRestDto): `field`, `conditionOperator`,
 * `value`, and `operator` (AND / OR) joining a condition to the ones before.
 */
import type { SearchCondition, ShopItem } from '../../../fixtures/shop.ts';

/** Fields a condition may name, as the shop's filter fields list offers them. */
export const conditionFields: Readonly<Record<string, (item: ShopItem) => string | number | boolean>> = {
  name: (item) => item.name,
  itemNumber: (item) => item.itemNumber,
  description: (item) => item.description,
  supplier: (item) => item.supplier,
  online: (item) => item.online,
  price: (item) => item.price,
  itemType: (item) => item.itemTypeId,
  catalogue: (item) => item.catalogueId,
};

export const conditionOperators = [
  'EQUALS', 'NOT_EQUALS', 'CHANGED', 'STARTING_WITH', 'NOT_STARTING_WITH', 'ENDING_WITH', 'NOT_ENDING_WITH',
  'CONTAINS', 'NOT_CONTAINS', 'LESS_OR_EQUAL', 'MORE_OR_EQUAL', 'IS_MORE_THEN', 'LESS_THEN',
] as const;

function compare(actual: string | number | boolean, operator: string, wanted: string): boolean {
  const text = String(actual).toLowerCase();
  const value = wanted.toLowerCase();
  const number = Number(wanted);
  switch (operator) {
    case 'EQUALS': return text === value;
    case 'NOT_EQUALS': return text !== value;
    case 'STARTING_WITH': return text.startsWith(value);
    case 'NOT_STARTING_WITH': return !text.startsWith(value);
    case 'ENDING_WITH': return text.endsWith(value);
    case 'NOT_ENDING_WITH': return !text.endsWith(value);
    case 'CONTAINS': return text.includes(value);
    case 'NOT_CONTAINS': return !text.includes(value);
    case 'LESS_OR_EQUAL': return Number(actual) <= number;
    case 'MORE_OR_EQUAL': return Number(actual) >= number;
    case 'IS_MORE_THEN': return Number(actual) > number;
    case 'LESS_THEN': return Number(actual) < number;
    // Whether a field changed since the last sync: the seeded items are all in sync.
    default: return false;
  }
}

export function matchesConditions(item: ShopItem, conditions: readonly SearchCondition[]): boolean {
  let result = true;
  conditions.forEach((condition, index) => {
    const read = conditionFields[condition.field];
    const matched = read ? compare(read(item), condition.conditionOperator, condition.value) : false;
    result = index === 0 ? matched : condition.operator === 'OR' ? result || matched : result && matched;
  });
  return result;
}
