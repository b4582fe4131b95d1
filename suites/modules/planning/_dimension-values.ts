/**
 * A dimension node's own values (spec §4.3 "PUT /dimension/node/{nodeId}"),
 * read before a PUT and compared after it, so that a check that calls the
 * PUT puts back what it found should the call have changed it.
 */
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { requestLine } from '../../../src/check/data-changes.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { Prepared, RecipeInput } from '../_requests.ts';
import { isJson, items, planningPath, type Json } from './_planning.ts';

export interface DimensionValues {
  readonly dimensionId: number;
  readonly values: readonly Json[];
}

/** The values the node holds itself (inherited ones are not the node's to set), per dimension. */
export function ownValues(body: unknown): DimensionValues[] {
  return items(body).flatMap((entry) => {
    if (typeof entry.dimensionId !== 'number') return [];
    const values = (Array.isArray(entry.values) ? entry.values.filter(isJson) : [])
      .filter((value) => value.inherited !== true)
      .map((value) => Object.fromEntries(['id', 'value', 'weight'].filter((key) => value[key] !== undefined).map((key) => [key, value[key]])));
    return values.length > 0 ? [{ dimensionId: entry.dimensionId, values }] : [];
  });
}

export function normalised(values: readonly DimensionValues[]): string[] {
  return values.map((entry) => `${entry.dimensionId}: ${JSON.stringify([...entry.values].map((value) => JSON.stringify(value)).sort())}`).sort();
}

export function readValues(api: PlatformApi, nodeId: string): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: planningPath('/dimension/node/{nodeId}'), pathParams: { nodeId } });
}

const same = (a: readonly DimensionValues[], b: readonly DimensionValues[]): boolean => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/** The node's own values read first; after the call, compared, and put back when they differ. */
export async function prepareDimensionNodeUpdate(api: PlatformApi, input: RecipeInput): Promise<Prepared> {
  const nodeId = input.fixtures.planningNodeId;
  if (nodeId === undefined) return { failed: 'no planning node' };
  const first = await readValues(api, nodeId);
  if (first.status !== 200) return { failed: `reading node ${nodeId}'s dimension values first answered HTTP ${first.status}` };
  const before = ownValues(first.json());
  const target = `dimension values of node ${nodeId}`;
  return {
    undo: async (_api, call) => {
      if (!call.succeeded) return [];
      const after = await readValues(api, nodeId);
      if (after.status === 200 && same(ownValues(after.json()), before)) return [{ request: call.request, target, undone: 'unchanged', detail: 'the values read first are still there' }];
      const put = await api.call({ method: 'PUT', path: planningPath('/dimension/node/{nodeId}'), pathParams: { nodeId }, json: before });
      const again = await readValues(api, nodeId);
      const restored = again.status === 200 && same(ownValues(again.json()), before);
      return [
        {
          request: call.request,
          target,
          undone: restored ? 'restored' : 'not undone',
          detail: restored ? `the values read first are back (${requestLine('PUT', put.url)})` : `putting the values read first back answered HTTP ${put.status}, then GET ${again.status}`,
        },
      ];
    },
  };
}
