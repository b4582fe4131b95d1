/**
 * Plan nodes. GET /node/{id} reads one node and DELETE /node/{id} deletes it
 * with its whole subtree and everything attached to it (204), in both
 * versions (vendor MaPS documents). GET /node/allchildren/{nodeId}, added in
 * 8.0 (spec §4.3), pages all nodes below a node (breadth first; `level`
 * limits the depth, 1 = children).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { servesAllChildren } from './additions.ts';
import { badRequest, notFound } from './errors.ts';
import { descendantsOf, nodeDto } from './node-dto.ts';
import { mapsPage, readMapsWindow } from './page.ts';
import { planningRoute } from './route.ts';

export function registerNodes(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  planningRoute(router, 'GET', '/node/{id}', (request) => {
    const id = parseInteger(request.params.id);
    if (id === undefined) return badRequest(request, 'id must be an integer');
    const found = state.nodes.get(id);
    return found ? json(200, nodeDto(found, state, context)) : notFound(request, `Node ${id} not found`);
  });

  planningRoute(router, 'DELETE', '/node/{id}', (request) => {
    const id = parseInteger(request.params.id);
    if (id === undefined) return badRequest(request, 'id must be an integer');
    if (!state.nodes.has(id)) return notFound(request, `Node ${id} not found`);
    if (state.trees.some((tree) => tree.rootNodeId === id)) return badRequest(request, 'The root node of a plan tree cannot be deleted');
    for (const removed of [id, ...descendantsOf(state, id).map((entry) => entry.node.id)]) {
      state.nodes.delete(removed);
      state.nodeDimensions.delete(removed);
      state.nodeGroups.delete(removed);
    }
    return { status: 204 };
  });

  planningRoute(router.when(() => servesAllChildren(context)), 'GET', '/node/allchildren/{nodeId}', (request) => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    const rawLevel = request.query.get('level');
    const level = rawLevel === null ? undefined : parseInteger(rawLevel);
    if (rawLevel !== null && (level === undefined || level < 1)) return badRequest(request, 'level must be a positive integer');
    const window = readMapsWindow(request);
    if (!window.ok) return badRequest(request, window.reason);
    const nodes = descendantsOf(state, nodeId)
      // The fault lists the direct children only, as if `level=1` were always sent.
      .filter((entry) => (context.faults.has('planning-node-allchildren-direct-only') ? entry.depth <= 1 : level === undefined || entry.depth <= level))
      .map((entry) => nodeDto(entry.node, state, context));
    return json(200, mapsPage(nodes, window.window));
  });
}
