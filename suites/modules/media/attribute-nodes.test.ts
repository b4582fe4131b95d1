/**
 * Spec §4.4: GET /rest/mp/v1.0/asset-attributes/{id}/nodes takes `filter`
 * in 8.0, to fetch only the roots or all nodes, and `parentId`, for the
 * first-level children of one node. Checked on a tree attribute (the
 * assetAttributeId fixture) by comparing the answers with each other:
 * where some node has children, the roots are fewer than all nodes, and the
 * children of a root are neither that root nor any other root.
 */
import { expect, type TestContext } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, fixtureValue, mediaEntry, records, requireChange, type JsonRecord } from './_media.ts';

const nodes = mediaEntry('media.asset-attribute-nodes');

type NodeQuery = Readonly<Record<string, string | number>>;

async function readNodes(context: SuiteContext, id: string, query: NodeQuery): Promise<JsonRecord[]> {
  const response = await context.api.call({ method: nodes.method, path: nodes.path, pathParams: { id }, query });
  expect(response.status, `GET ${nodes.path} with ${JSON.stringify(query)}`).toBe(200);
  const body = response.json();
  expect(Array.isArray(body), `GET ${nodes.path} with ${JSON.stringify(query)} answers a list`).toBe(true);
  return records(body);
}

const idsOf = (list: readonly JsonRecord[]): unknown[] => list.map((node) => node['id']);

/** The roots and all nodes of the fixture's tree attribute (`filter` values as the vendor's enum spells them). */
async function rootsAndAll(test: TestContext, context: SuiteContext): Promise<{ id: string; roots: JsonRecord[]; all: JsonRecord[] }> {
  const id = await fixtureValue(test, context, 'assetAttributeId');
  const [roots, all] = await Promise.all([readNodes(context, id, { filter: 'ROOTS' }), readNodes(context, id, { filter: 'ALL' })]);
  return { id, roots, all };
}

check(
  {
    id: 'media.asset-attribute-nodes.filter-roots',
    title: 'GET …/asset-attributes/{id}/nodes?filter=ROOTS answers only roots: fewer nodes than filter=ALL where some node has children',
    labels: entryLabels(nodes, 'changed'),
    killedBy: ['media-attribute-nodes-filter-ignored'], observedBy: ['media-attribute-nodes-missing'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, nodes, 'the filter parameter');
    const context = await suiteContext();
    const { id, roots, all } = await rootsAndAll(test, context);
    await observe(test, `attribute ${id}: ${roots.length} roots of ${all.length} nodes`);
    if (!all.some((node) => node['hasChildren'] === true)) await skipWithReason(test, `attribute ${id} has no node with children: roots and all cannot differ`);
    expect(idsOf(all), 'every root is one of all nodes').toEqual(expect.arrayContaining(idsOf(roots)));
    expect(roots.length, 'roots, against all nodes').toBeLessThan(all.length);
  },
);

check(
  {
    id: 'media.asset-attribute-nodes.parent-children',
    title: 'GET …/asset-attributes/{id}/nodes?parentId=N answers the first-level children of N: not N, no root',
    labels: entryLabels(nodes, 'changed'),
    killedBy: ['media-attribute-nodes-filter-ignored'], observedBy: ['media-attribute-nodes-missing'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, nodes, 'the parentId parameter');
    const context = await suiteContext();
    const { id, roots, all } = await rootsAndAll(test, context);
    const parent = roots.find((node) => node['hasChildren'] === true);
    if (!parent) return skipWithReason(test, `attribute ${id} has no root with children`);
    const parentId = Number(parent['id']);
    const children = await readNodes(context, id, { parentId });
    await observe(test, `attribute ${id}: node ${parentId} has ${children.length} children`);
    expect(children.length, `children of node ${parentId}, which has children`).toBeGreaterThan(0);
    expect(idsOf(all), 'every child is one of all nodes').toEqual(expect.arrayContaining(idsOf(children)));
    const rootIds = new Set(idsOf(roots));
    expect(idsOf(children).filter((child) => rootIds.has(child)), 'roots among the children (the parent included)').toEqual([]);
    const parentIds = children.map((child) => child['parentId']).filter((value) => value !== undefined);
    expect(parentIds.filter((value) => value !== parentId), 'children naming another parent').toEqual([]);
  },
);
