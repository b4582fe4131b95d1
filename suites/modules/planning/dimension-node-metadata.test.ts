/**
 * PUT /dimension/node/{nodeId} "supports additional node metadata" in 8.0
 * (spec §4.3): each entry may name its node (`nodeId`, the vendor's 8.0
 * DimensionNodeValueDTO). The check puts a node's own values back with
 * `nodeId` added, so nothing changes: the PUT is accepted and GET
 * /dimension/node/{nodeId} shows the same values afterwards. Should they
 * differ, the values read before are put back.
 */
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { check } from '../../../src/check/check.ts';
import { requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { recordDataChange, requestLine } from '../../../src/check/data-changes.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { fixtureOrSkip, idOf, items, labelsFor, planningEntry, planningPath, requireChange, type Json } from './_planning.ts';
import { normalised, ownValues, readValues, type DimensionValues } from './_dimension-values.ts';

const update = planningEntry('planning.dimension-node-update');

/**
 * A node below the planning node that holds dimension values (8.0 listing; the vendor requires
 * `dimensionids`), else the planning node itself.
 */
async function nodeWithValues(api: PlatformApi, planningNodeId: string, dimensionIds: string | undefined): Promise<string> {
  if (dimensionIds === undefined) return planningNodeId;
  const query = { dimensionids: dimensionIds, limit: 1 };
  const below = await api.call({ method: 'GET', path: planningPath('/dimension/node-allchildren/{nodeId}'), pathParams: { nodeId: planningNodeId }, query });
  return (below.status === 200 ? idOf(items(below.json())[0]?.nodeId) : undefined) ?? planningNodeId;
}

check(
  {
    id: 'planning.dimension-node-metadata-accepted',
    title: "PUT /dimension/node/{nodeId} accepts each entry's nodeId and keeps the values it was given",
    labels: labelsFor(update.id, '§4.3'),
    killedBy: ['planning-dimension-node-metadata-rejected'], observedBy: ['planning-dimension-node-update-missing'],
  },
  async (test) => {
    await requireChange(test, update.id, 'the additional node metadata');
    const context = await suiteContext();
    await requireMutationsAllowed(test, context.target, `${update.method} ${update.path}`);
    const dimensionIds = await context.fixtures.lookup('planningDimensionIds');
    const nodeId = await nodeWithValues(context.api, await fixtureOrSkip(test, context, 'planningNodeId'), 'value' in dimensionIds ? dimensionIds.value : undefined);
    const read = await readValues(context.api, nodeId);
    expect(read.status, `GET /dimension/node/${nodeId}`).toBe(200);
    const before = ownValues(read.json());

    let body: Json[] = before.map((entry) => ({ ...entry, nodeId: Number(nodeId) }));
    if (body.length === 0) {
      // No values of its own: clear an optional dimension it does not use, which changes nothing either.
      const dimensions = await context.api.call({ method: 'GET', path: planningPath('/dimension') });
      const optional = items(dimensions.json()).find((dimension) => dimension.required === false && typeof dimension.id === 'number');
      if (!optional) return skipWithReason(test, `node ${nodeId} holds no dimension values and the target has no optional dimension`);
      body = [{ dimensionId: optional.id, nodeId: Number(nodeId), values: [] }];
    }

    const put = await context.api.call({ method: update.method, path: update.path, pathParams: { nodeId }, json: body });
    let after: DimensionValues[] = before;
    try {
      await observe(test, `PUT ${put.status} with ${body.length} entries naming node ${nodeId}`);
      expectStatus(put, { call: sentCall(update.method, put), spec: '§4.3', promise: `lets ${update.method} ${update.path} carry nodeId in each entry (additional node metadata)` });
      after = ownValues((await readValues(context.api, nodeId)).json());
      expect(normalised(after), `values of node ${nodeId} after putting them back`).toEqual(normalised(before));
    } finally {
      if (put.status < 300) {
        const changed = JSON.stringify(normalised(after)) !== JSON.stringify(normalised(before));
        const back = changed ? await context.api.call({ method: update.method, path: update.path, pathParams: { nodeId }, json: before }) : undefined;
        const undone = back === undefined ? 'unchanged' : back.status < 300 ? 'restored' : 'not undone';
        const detail = back === undefined ? 'the values read first are still there' : `putting the values read first back answered HTTP ${back.status}`;
        recordDataChange(test, { request: requestLine(update.method, put.url), target: `dimension values of node ${nodeId}`, undone, detail });
      }
    }
  },
);
