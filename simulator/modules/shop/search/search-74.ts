/** Runs a 7.4 advanced search over the seeded items. */
import { categories, orderLists, shopItems, type ShopItem } from '../../../fixtures/shop.ts';
import { matchesConditions } from './conditions.ts';
import type { SearchQuery74 } from './query-74.ts';

/** A category and every category below it. */
function categoryTree(rootId: number): number[] {
  const children = categories.filter((category) => category.parentId === rootId).flatMap((category) => categoryTree(category.id));
  return [rootId, ...children];
}

export function search74(query: SearchQuery74): ShopItem[] {
  const text = query.text?.toLowerCase() ?? '';
  const inCategories = query.categoryId === undefined ? undefined : categoryTree(query.categoryId);
  const inOrderList = orderLists.find((list) => list.id === query.orderListId)?.itemIds;
  return shopItems.filter((item) =>
    (text === '' || [item.name, item.itemNumber, item.description].some((field) => field.toLowerCase().includes(text))) &&
    (query.conflictTypes === undefined || query.conflictTypes.includes(item.conflictType)) &&
    (inCategories === undefined || inCategories.includes(item.categoryId)) &&
    (inOrderList === undefined || inOrderList.includes(item.id)) &&
    matchesConditions(item, query.conditions),
  );
}
