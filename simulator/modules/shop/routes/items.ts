/**
 * Shop items both versions serve, read-only: GET /itemTypes, GET
 * /items?itemTypeId=… (the items of one type) and GET /items/{id}. Clients
 * discover item ids here. As the vendor documents, an unknown item type or
 * item is a 409 ("Required item doesn't exist"), not a 404.
 */
import { json } from '../../../http/router.ts';
import { springError } from '../../../http/spring-error.ts';
import { itemTypes, shopItems, type ShopItem } from '../../../fixtures/shop.ts';
import { shopAccess } from '../access.ts';
import type { ModuleRegistrar } from '../../context.ts';

const int32 = /^\d{1,9}$/;

function itemBody(item: ShopItem): Record<string, unknown> {
  return {
    id: item.id,
    itemNumber: item.itemNumber,
    name: item.name,
    description: item.description,
    itemTypeId: item.itemTypeId,
    catalogueId: item.catalogueId,
    categoryId: item.categoryId,
    supplier: item.supplier,
    online: item.online,
    price: { amount: item.price, currency: item.currency },
    minimumOrderQuantity: item.minimumOrderQuantity,
    orderUnit: item.orderUnit,
    conflictType: item.conflictType,
  };
}

export const registerItemRoutes: ModuleRegistrar = (router) => {
  router.api('GET', '/shop/api/rest/v1.0/itemTypes', shopAccess, () => json(200, itemTypes.map((type) => ({ id: type.id, name: type.name }))));

  router.api('GET', '/shop/api/rest/v1.0/items', shopAccess, (request) => {
    const raw = request.query.get('itemTypeId');
    if (raw === null || !int32.test(raw)) return springError(400, request.path, 'itemTypeId is required and must be an integer.');
    const typeId = Number(raw);
    if (!itemTypes.some((type) => type.id === typeId)) return springError(409, request.path, `Required item type ${typeId} doesn't exist.`);
    return json(200, shopItems.filter((item) => item.itemTypeId === typeId).map(itemBody));
  });

  router.api('GET', '/shop/api/rest/v1.0/items/{id}', shopAccess, (request) => {
    const raw = request.params['id'] ?? '';
    const item = int32.test(raw) ? shopItems.find((candidate) => candidate.id === Number(raw)) : undefined;
    if (!item) return springError(409, request.path, `Required item ${raw} doesn't exist.`);
    return json(200, itemBody(item));
  });
};
