/**
 * GET /node/allchildren/{nodeId}, added in 8.0, lists all child nodes of a
 * node (spec §4.3): not only the direct children. Every listed node hangs
 * below the node (its parent is the node or another listed node), and every
 * listed node that is not a leaf has its own children in the list.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { fixtureOrSkip, idOf, isJson, items, labelsFor, planningEntry, planningPath, requireChange, type Json } from './_planning.ts';

const allChildren = planningEntry('planning.node-allchildren');
const pageSize = 100;
const maxPages = 50;

check(
  {
    id: 'planning.node-allchildren-subtree',
    title: 'GET /node/allchildren/{nodeId} lists the whole subtree below the node',
    labels: labelsFor(allChildren.id, '§4.3'),
    killedBy: ['planning-node-allchildren-direct-only'],
    observedBy: ['planning-node-allchildren-missing'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, allChildren.id, 'the node allchildren listing');
    const context = await suiteContext();
    const nodeId = await fixtureOrSkip(test, context, 'planningNodeId');
    const node = await context.api.call({ method: 'GET', path: planningPath('/node/{id}'), pathParams: { id: nodeId } });
    expect(node.status, `GET /node/${nodeId}`).toBe(200);
    const nodeBody = node.json();
    if (isJson(nodeBody) && nodeBody.leaf === true) return skipWithReason(test, `node ${nodeId} is a leaf: there are no children to list`);

    const listed: Json[] = [];
    for (let page = 0; page < maxPages; page += 1) {
      const response = await context.api.call({ method: 'GET', path: allChildren.path, pathParams: { nodeId }, query: { offset: page * pageSize, limit: pageSize } });
      expect(response.status, `GET /node/allchildren/${nodeId}`).toBe(200);
      const body = response.json();
      const content = items(body);
      listed.push(...content);
      const total = isJson(body) && typeof body.totalElements === 'number' ? body.totalElements : listed.length;
      if (content.length === 0 || listed.length >= total) break;
    }
    await observe(test, `${listed.length} nodes below ${nodeId}`);
    expect(listed.length, `nodes below ${nodeId}, which is not a leaf`).toBeGreaterThan(0);

    const ids = new Set(listed.map((child) => idOf(child.id)));
    const parents = new Set(listed.map((child) => idOf(child.parentId)));
    const detached = listed.filter((child) => idOf(child.parentId) !== nodeId && !ids.has(idOf(child.parentId)));
    expect(detached.map((child) => `${String(idOf(child.id))} (parent ${String(idOf(child.parentId))})`), 'listed nodes that do not hang below the node').toEqual([]);
    const childless = listed.filter((child) => child.leaf === false && !parents.has(idOf(child.id)));
    expect(childless.map((child) => String(idOf(child.id))), 'listed inner nodes whose children are missing').toEqual([]);
  },
);
