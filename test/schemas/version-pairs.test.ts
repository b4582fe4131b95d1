/**
 * The 7.4 and 8.0 schemas of one resource really differ: a body valid for one
 * version fails the other wherever the spec says the shape changed.
 */
import { describe, expect, it } from 'vitest';
import { isSchemaId, schemaIds, type SchemaId } from '../../src/schemas/ids.ts';
import { validateBody } from '../../src/schemas/validator.ts';
import { vectors } from './_vectors.ts';

const pairs = schemaIds
  .filter((id) => id.startsWith('8.0/'))
  .map((id) => ({ name: id.slice('8.0/'.length), v80: id, v74: `7.4/${id.slice('8.0/'.length)}` }))
  .flatMap(({ name, v80, v74 }) => (isSchemaId(v74) ? [{ name, v80, v74 }] : []));

function accepts(id: SchemaId, value: unknown): boolean {
  return validateBody(id, value).ok;
}

describe('version pairs', () => {
  it('exist for the resources whose shape changes', () => {
    expect(pairs.map((pair) => pair.name).sort()).toEqual([
      'asset', 'assignment', 'create-review-object', 'dashboard-my-active', 'dse-object', 'dse-user-group',
      'group', 'identifier-pair', 'job-search-request', 'node-type-icon-download', 'participant-extended',
      'review-object-react', 'shop-advanced-search-request', 'shop-advanced-search-response', 'themes', 'user',
    ]);
  });

  for (const pair of pairs) {
    it(`${pair.name}: some sample body gets a different verdict from the two versions`, () => {
      const samples = [pair.v74, pair.v80].flatMap((id) => [
        ...vectors[id].valid,
        ...vectors[id].invalid.map((vector) => vector.value),
      ]);
      const differing = samples.filter((value) => accepts(pair.v74, value) !== accepts(pair.v80, value));
      expect(differing.length).toBeGreaterThan(0);
    });
  }

  /** body74 must fail 8.0; body80 must fail 7.4 too, unless the change only removes or adds something (oneWay). */
  const swaps: readonly { what: string; v74: SchemaId; v80: SchemaId; body74: unknown; body80: unknown; oneWay?: true }[] = [
    { what: 'shop search response: array → object (spec §4.7)', v74: '7.4/shop-advanced-search-response', v80: '8.0/shop-advanced-search-response', body74: [{ itemId: 1 }], body80: { items: [] } },
    { what: 'node type icon: object → string (spec §4.3)', v74: '7.4/node-type-icon-download', v80: '8.0/node-type-icon-download', body74: {}, body80: 'iVBORw0KGgo=' },
    { what: 'themes: object → array (spec §4.4)', v74: '7.4/themes', v80: '8.0/themes', body74: { id: 1, children: [] }, body80: [{ id: 1144 }] },
    { what: 'users: numeric id → uuid (spec §9.3)', v74: '7.4/user', v80: '8.0/user', body74: { id: 1042, fullName: 'Ada Brandt' }, body80: { uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' } },
    {
      what: 'dashboard assignees: numeric id → uuid (spec §2)',
      v74: '7.4/dashboard-my-active',
      v80: '8.0/dashboard-my-active',
      body74: { items: [{ jobInstanceId: 1, assignment: { assignees: [{ id: 1042, fullName: 'Ada Brandt' }] } }], total: 1 },
      body80: { items: [{ jobInstanceId: 1, assignment: { assignees: [{ uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' }] } }], total: 1 },
    },
    { what: 'shop search request: removed properties (spec §2)', v74: '7.4/shop-advanced-search-request', v80: '8.0/shop-advanced-search-request', body74: { text: 'flyer', orderData: true }, body80: {}, oneWay: true },
    { what: 'CreateReviewObjectDto flag renamed (spec §2)', v74: '7.4/create-review-object', v80: '8.0/create-review-object', body74: { flagCreateJmsCommentfield: true }, body80: { flagCreateJmsComment: true } },
  ];

  for (const swap of swaps) {
    it(swap.what, () => {
      expect(accepts(swap.v74, swap.body74)).toBe(true);
      expect(accepts(swap.v80, swap.body80)).toBe(true);
      expect(accepts(swap.v80, swap.body74)).toBe(false);
      expect(accepts(swap.v74, swap.body80)).toBe(swap.oneWay === true);
    });
  }
});
