/**
 * The simulator's shop module (spec §2, §4.7, §7), judged against the spec
 * through its registrar alone.
 */
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../../simulator/faults/index.ts';
import { roles } from '../../../simulator/fixtures/users.ts';
import type { HttpMethod } from '../../../simulator/http/router.ts';
import { registerShopModule } from '../../../simulator/modules/shop/index.ts';
import { shopFaults } from '../../../simulator/faults/shop.ts';
import type { SimVersion } from '../../../simulator/version.ts';
import { moduleHarness, type HarnessResponse, type ModuleHarness } from './_harness.ts';
import { arrayBody, objectBody } from './_bodies.ts';

const shop = (version: SimVersion, faults: readonly FaultName[] = []): ModuleHarness => moduleHarness(registerShopModule, { version, faults });
const searchPath = '/shop/api/rest/v1.0/search/advanced';


const itemIds = (response: HarnessResponse): unknown[] => arrayBody(response).map((item) => item['itemId']);

describe('shop routes (spec §4.7)', () => {
  const routes: readonly (readonly [HttpMethod, string])[] = [
    ['POST', searchPath],
    ['GET', '/shop/api/rest/v1.0/catalogues/list/info'],
    ['GET', '/shop/api/rest/v1.0/itemTypes'],
    ['GET', '/shop/api/rest/v1.0/items'],
    ['GET', '/shop/api/rest/v1.0/items/7001'],
  ];
  for (const [method, path] of routes) {
    it(`${method} ${path} is served by both versions with shop module access`, () => {
      for (const version of ['7.4', '8.0'] as const) {
        expect(shop(version).route(method, path)?.access).toEqual({ kind: 'bearer', roles: [roles.shopModuleAccess] });
      }
    });
  }
});

describe('advanced search in 7.4: array, old request properties', () => {
  it('answers an array of result items', async () => {
    const response = await shop('7.4').call('POST', searchPath, { body: { orderData: false } });
    expect(response.status).toBe(200);
    expect(arrayBody(response)).toHaveLength(6);
    expect(arrayBody(response)[0]).toEqual({ itemId: 7001, itemNumber: 'PR-1001', name: 'A5 flyer, spring campaign' });
  });

  it('searches by text, conflict types, category, order list, conditions and saved filters', async () => {
    const sim = shop('7.4');
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, text: 'spring' } }))).toEqual([7001, 7002, 7006]);
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, conflictTypes: ['SHOP_ITEM_OFFLINE'] } }))).toEqual([7003]);
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, categoryId: 31 } }))).toEqual([7001, 7002, 7003]);
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, orderListId: 52, headerId: 61 } }))).toEqual([7001, 7004]);
    const conditions = [
      { field: 'supplier', conditionOperator: 'EQUALS', value: 'Merch & More' },
      { field: 'price', conditionOperator: 'LESS_THEN', value: '1', operator: 'AND' },
    ];
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, conditions } }))).toEqual([7005]);
    expect(itemIds(await sim.call('POST', searchPath, { body: { orderData: false, filters: [{ filterId: 41 }, { filterId: 42, filterCriteriaId: 1 }] } }))).toEqual([7001, 7002]);
  });

  it('adds order data on request', async () => {
    const items = arrayBody(await shop('7.4').call('POST', searchPath, { body: { orderData: true, text: 'tote' } }));
    expect(items).toEqual([expect.objectContaining({ itemId: 7004, orderData: { minimumOrderQuantity: 50, orderUnit: 'piece', price: 3.15, currency: 'EUR' } })]);
  });

  it('answers 400 and 409 with array bodies', async () => {
    const sim = shop('7.4');
    expect(await sim.call('POST', searchPath, { body: {} })).toMatchObject({ status: 400, body: [] });
    expect(await sim.call('POST', searchPath, { body: { orderData: false, sort: 'name' } })).toMatchObject({ status: 400, body: [] });
    const unknownField = { orderData: false, conditions: [{ field: 'colour', conditionOperator: 'EQUALS', value: 'red' }] };
    expect(await sim.call('POST', searchPath, { body: unknownField })).toMatchObject({ status: 409, body: [] });
    expect(await sim.call('POST', searchPath, { body: { orderData: false, orderListId: 99 } })).toMatchObject({ status: 409, body: [] });
  });
});

describe('advanced search in 8.0: object bodies, removed request properties', () => {
  it('answers a page object', async () => {
    const page = objectBody(await shop('8.0').call('POST', `${searchPath}?start=4&limit=10`, { body: {} }));
    expect(page).toEqual({ items: [expect.objectContaining({ itemId: 7005 }), expect.objectContaining({ itemId: 7006 })], totalCount: 6 });
    expect((await shop('8.0').call('POST', searchPath)).status).toBe(200);
  });

  for (const property of ['conflictTypes', 'orderData', 'text', 'conditions', 'categoryId', 'filters', 'headerId', 'orderListId']) {
    it(`refuses the removed property ${property} with an object body`, async () => {
      const response = await shop('8.0').call('POST', searchPath, { body: { [property]: property === 'orderData' ? true : [] } });
      expect(response.status).toBe(400);
      expect(objectBody(response)).toMatchObject({ status: 400, message: expect.stringContaining(property) });
    });
  }

  it('answers other 400s with an object body too', async () => {
    expect(objectBody(await shop('8.0').call('POST', searchPath, { body: [] }))).toMatchObject({ status: 400 });
    expect(objectBody(await shop('8.0').call('POST', `${searchPath}?limit=0`, { body: {} }))).toMatchObject({ status: 400 });
  });
});

describe('shop discovery listings', () => {
  it('pages catalogues and lists items by type', async () => {
    const sim = shop('8.0');
    expect(objectBody(await sim.call('GET', '/shop/api/rest/v1.0/catalogues/list/info?start=1&limit=1'))).toEqual({
      items: [{ id: 22, label: 'Merchandise', description: expect.any(String), itemsCount: 2 }],
      totalCount: 3,
    });
    expect(arrayBody(await sim.call('GET', '/shop/api/rest/v1.0/itemTypes')).map((type) => type['id'])).toEqual([1, 2, 3]);
    expect(arrayBody(await sim.call('GET', '/shop/api/rest/v1.0/items?itemTypeId=2')).map((item) => item['id'])).toEqual([7004, 7005]);
    expect((await sim.call('GET', '/shop/api/rest/v1.0/items?itemTypeId=9')).status).toBe(409);
    expect(objectBody(await sim.call('GET', '/shop/api/rest/v1.0/items/7003'))).toMatchObject({ id: 7003, online: false, price: { amount: 0.08, currency: 'EUR' } });
    expect((await sim.call('GET', '/shop/api/rest/v1.0/items/1')).status).toBe(409);
  });
});

const faultProbes: Readonly<Record<keyof typeof shopFaults, { readonly version: SimVersion; readonly observe: (sim: ModuleHarness) => Promise<unknown> }>> = {
  'shop-search-still-array': { version: '8.0', observe: async (sim) => Array.isArray((await sim.call('POST', searchPath, { body: {} })).body) },
  'shop-search-errors-still-array': { version: '8.0', observe: async (sim) => Array.isArray((await sim.call('POST', searchPath, { body: { text: 'x' } })).body) },
  'shop-search-removed-properties-accepted': { version: '8.0', observe: async (sim) => (await sim.call('POST', searchPath, { body: { text: 'x', orderData: true } })).status },
  'shop-search-removed-properties-honored': {
    version: '8.0',
    observe: async (sim) => (await sim.call('POST', searchPath, { body: { text: 'tote', orderData: true } })).body,
  },
  'shop-search-object-in-7.4': { version: '7.4', observe: async (sim) => Array.isArray((await sim.call('POST', searchPath, { body: { orderData: false } })).body) },
};

describe('shop faults change what a client sees', () => {
  for (const [name, probe] of Object.entries(faultProbes)) {
    it(name, async () => {
      const fault = Object.keys(shopFaults).find((candidate): candidate is keyof typeof shopFaults => candidate === name);
      if (fault === undefined) throw new Error(`${name} is not a shop fault`);
      expect(shopFaults[fault].versions).toContain(probe.version);
      const healthy = await probe.observe(shop(probe.version));
      const faulty = await probe.observe(shop(probe.version, [fault]));
      expect(faulty).not.toEqual(healthy);
    });
  }
});
