/**
 * POST /node/{nodeId}/copy/{parentId} — copies a node with its subtree under
 * another parent and answers 201 with the new node (deprecated in 8.0 in
 * favour of copy-extended, still served; spec §4.3). 8.0 takes the optional
 * request property `filteredIds` (spec §2: array of strings; integers are
 * read too, as the vendor's document types them): when present, only the
 * descendants listed there are copied with the node. 7.4 does not know the
 * property and copies the whole subtree. The copy flags of the vendor's
 * NodeCopyRequest are accepted and not otherwise modelled.
 *
 * POST /node/{nodeId}/copy-extended/{parentId}, the replacement the vendor
 * names for the deprecated copy, is served in both versions and reads
 * `filteredIds` in both (its body has had them since 7.4 in the vendor's
 * documents).
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanNode, PlanningFixtures } from '../../fixtures/planning.ts';
import { isRecord, parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { childrenOf, descendantsOf, nodeDto } from './node-dto.ts';
import { planningRoute } from './route.ts';

type FilteredIds = { readonly ok: true; readonly ids: ReadonlySet<string> | undefined } | { readonly ok: false; readonly response: SimResponse };

export function registerNodeCopy(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const readFilteredIds = (request: SimRequest, body: Record<string, unknown>, extended: boolean): FilteredIds => {
    const raw = extended || context.version === '8.0' ? body.filteredIds : undefined;
    if (raw === undefined || raw === null) return { ok: true, ids: undefined };
    if (!extended && context.faults.has('planning-filtered-ids-rejected')) return { ok: false, response: badRequest(request, 'Unrecognized field "filteredIds"') };
    if (!Array.isArray(raw) || !raw.every((entry) => typeof entry === 'string' || (typeof entry === 'number' && Number.isInteger(entry)))) {
      return { ok: false, response: badRequest(request, 'filteredIds must be an array of ids') };
    }
    return { ok: true, ids: new Set(raw.map(String)) };
  };

  const copySubtree = (source: PlanNode, parent: PlanNode, ids: ReadonlySet<string> | undefined): PlanNode => {
    const copy: PlanNode = { ...source, id: state.nextNodeId, treeId: parent.treeId, parentId: parent.id, externalId: `MP-${state.nextNodeId}` };
    state.nextNodeId += 1;
    state.nodes.set(copy.id, copy);
    for (const child of childrenOf(state, source.id)) {
      if (ids === undefined || ids.has(String(child.id))) copySubtree(child, copy, ids);
    }
    return copy;
  };

  const handler = (extended: boolean) => (request: SimRequest): SimResponse => {
    const nodeId = parseInteger(request.params.nodeId);
    const parentId = parseInteger(request.params.parentId);
    if (nodeId === undefined || parentId === undefined) return badRequest(request, 'nodeId and parentId must be integers');
    const body = request.body ?? {};
    if (!isRecord(body)) return badRequest(request, 'The copy request must be a JSON object');
    const filtered = readFilteredIds(request, body, extended);
    if (!filtered.ok) return filtered.response;
    const source = state.nodes.get(nodeId);
    const parent = state.nodes.get(parentId);
    if (!source || !parent) return notFound(request, `Node ${source ? parentId : nodeId} not found`);
    if (parentId === nodeId || descendantsOf(state, nodeId).some((entry) => entry.node.id === parentId)) {
      return badRequest(request, 'A node cannot be copied into its own subtree');
    }
    return json(201, nodeDto(copySubtree(source, parent, filtered.ids), state, context));
  };

  planningRoute(router.when(() => !context.faults.has('planning-node-copy-removed-early')), 'POST', '/node/{nodeId}/copy/{parentId}', handler(false));
  planningRoute(router, 'POST', '/node/{nodeId}/copy-extended/{parentId}', handler(true));
}
