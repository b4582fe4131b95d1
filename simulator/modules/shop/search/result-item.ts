/**
 * One item of an advanced search result: the vendor's ResultItemRestDto
 * (`itemId`) with the item's number and name; 7.4 adds the order data when
 * the request asked for it (`orderData: true`).
 */
import type { ShopItem } from '../../../fixtures/shop.ts';

export function resultItem(item: ShopItem, withOrderData = false): Record<string, unknown> {
  const base = { itemId: item.id, itemNumber: item.itemNumber, name: item.name };
  if (!withOrderData) return base;
  return { ...base, orderData: { minimumOrderQuantity: item.minimumOrderQuantity, orderUnit: item.orderUnit, price: item.price, currency: item.currency } };
}
