/**
 * PUT /dimension/node/{nodeId} — sets a node's dimension values, replacing
 * the ones it had (vendor: an empty `values` array clears a dimension; a
 * required dimension cannot be cleared: 400). The body is an array of
 * `{dimensionId, dimensionType?, values: [{id?, value?, weight?}]}`:
 * selectable dimensions are set by option `id`, text dimensions by `value`.
 *
 * 8.0 "supports additional node metadata" (spec §4.3): each entry may carry
 * the node's `nodeId` (it must be the node in the path). 7.4 reads the
 * older request body, which has no such property, and refuses it as an
 * unrecognised field (400) — as it does any other unknown property.
 */
import { type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { DimensionValue, NodeDimensionValues, PlanningFixtures } from '../../fixtures/planning.ts';
import { isRecord, parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { planningRoute } from './route.ts';

const entryFields = ['dimensionId', 'dimensionType', 'values'];
const valueFields = ['id', 'value', 'weight', 'inherited'];

type Parsed = { readonly ok: true; readonly entries: NodeDimensionValues[] } | { readonly ok: false; readonly response: SimResponse };

export function registerDimensionNodeUpdate(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const allowedEntryFields = (): readonly string[] =>
    context.version === '8.0' && !context.faults.has('planning-dimension-node-metadata-rejected') ? [...entryFields, 'nodeId'] : entryFields;

  const readValue = (raw: unknown): DimensionValue | undefined => {
    if (!isRecord(raw) || Object.keys(raw).some((key) => !valueFields.includes(key))) return undefined;
    const { id, value, weight } = raw;
    if (id !== undefined && (typeof id !== 'number' || !Number.isInteger(id))) return undefined;
    if (value !== undefined && typeof value !== 'string') return undefined;
    if (weight !== undefined && typeof weight !== 'number') return undefined;
    return { ...(id === undefined ? {} : { id }), ...(value === undefined ? {} : { value }), ...(weight === undefined ? {} : { weight }) };
  };

  const parse = (request: SimRequest, nodeId: number): Parsed => {
    const body: unknown = request.body;
    if (!Array.isArray(body)) return { ok: false, response: badRequest(request, 'The request body must be an array of dimension values') };
    const entries: NodeDimensionValues[] = [];
    const allowed = allowedEntryFields();
    for (const raw of body) {
      if (!isRecord(raw)) return { ok: false, response: badRequest(request, 'Each entry must be an object') };
      const unknown = Object.keys(raw).find((key) => !allowed.includes(key));
      if (unknown !== undefined) return { ok: false, response: badRequest(request, `Unrecognized field "${unknown}"`) };
      if (raw.nodeId !== undefined && raw.nodeId !== nodeId) return { ok: false, response: badRequest(request, 'nodeId must name the node in the path') };
      const dimension = state.dimensions.find((candidate) => candidate.id === raw.dimensionId);
      if (!dimension) return { ok: false, response: badRequest(request, `Unknown dimension ${String(raw.dimensionId)}`) };
      const rawValues: unknown = raw.values ?? [];
      if (!Array.isArray(rawValues)) return { ok: false, response: badRequest(request, 'values must be an array') };
      const values = rawValues.map(readValue);
      const parsed = values.flatMap((value) => (value ? [value] : []));
      if (parsed.length !== values.length) return { ok: false, response: badRequest(request, 'Malformed dimension value') };
      const selectable = dimension.options.length > 0;
      if (parsed.some((value) => (selectable ? !dimension.options.some((option) => option.id === value.id) : value.value === undefined))) {
        return { ok: false, response: badRequest(request, `Invalid value for dimension ${dimension.id}`) };
      }
      if (dimension.required && parsed.length === 0) return { ok: false, response: badRequest(request, `Dimension ${dimension.id} is required`) };
      entries.push({ dimensionId: dimension.id, values: parsed });
    }
    return { ok: true, entries };
  };

  const handler = (request: SimRequest): SimResponse => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    const parsed = parse(request, nodeId);
    if (!parsed.ok) return parsed.response;
    const kept = (state.nodeDimensions.get(nodeId) ?? []).filter((entry) => !parsed.entries.some((update) => update.dimensionId === entry.dimensionId));
    state.nodeDimensions.set(nodeId, [...kept, ...parsed.entries.filter((entry) => entry.values.length > 0)]);
    return { status: 204 };
  };

  planningRoute(router.when(() => !context.faults.has('planning-dimension-node-update-missing')), 'PUT', '/dimension/node/{nodeId}', handler);
}
