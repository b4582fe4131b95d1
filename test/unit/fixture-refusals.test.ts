/**
 * Fixture discovery reports refusals: a listing's request that the target
 * answers with anything but a listing or a missing route (200, 404, 405)
 * makes the skip reason say what the target answered, never "had none".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApi } from '../../src/api/platform-api.ts';
import { FixtureResolver } from '../../src/fixtures/resolver.ts';
import { mockHttp, type MockHttp } from '../support/mock-http.ts';

const BASE = 'https://platform.example';
const json = { headers: { 'content-type': 'application/json' } };

let http: MockHttp;
beforeEach(() => {
  http = mockHttp();
});
afterEach(async () => {
  await http.close();
});

function attributesListing(ids: readonly number[]): void {
  const pool = http.agent.get(BASE);
  for (const attributeType of ['CUSTOM', 'STANDARD', 'SYSTEM']) {
    pool
      .intercept({ path: `/rest/mp/v1.0/asset-attributes?attributeType=${attributeType}`, method: 'GET' })
      .reply(200, JSON.stringify({ assetAttributes: attributeType === 'CUSTOM' ? ids.map((id) => ({ id })) : [] }), json);
  }
}

describe('fixture discovery', () => {
  it('says what the target answered when it refused a request on the way', async () => {
    attributesListing([501]);
    http.agent
      .get(BASE)
      .intercept({ path: '/rest/mp/v1.0/asset-attributes/501/nodes', method: 'GET' })
      .reply(403, JSON.stringify({ status: 403, error: 'Forbidden', message: 'The access token expired' }), json);
    const lookup = await new FixtureResolver(new PlatformApi(http.client, BASE), '8.0', {}).lookup('assetAttributeId');
    expect(lookup).toEqual({ missing: expect.stringContaining('the target refused: GET /rest/mp/v1.0/asset-attributes/501/nodes answered 403: The access token expired') as unknown });
    expect('missing' in lookup && lookup.missing).not.toContain('had none');
  });

  it('says "had none" when the listings answered and listed nothing', async () => {
    attributesListing([]);
    const lookup = await new FixtureResolver(new PlatformApi(http.client, BASE), '8.0', {}).lookup('assetAttributeId');
    expect('missing' in lookup && lookup.missing).toMatch(/had none\)$/);
  });
});
