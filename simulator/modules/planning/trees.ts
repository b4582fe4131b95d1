/**
 * Plan trees (years) and their root nodes, served in both versions: GET
 * /tree is the planning module's discovery listing and protected-endpoint
 * probe; GET /node/root/{treeId} leads from a tree to its node ids.
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { nodeDto } from './node-dto.ts';
import { planningRoute } from './route.ts';

export function registerTrees(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  planningRoute(router, 'GET', '/tree', () =>
    json(
      200,
      state.trees.map((tree) => ({
        id: tree.id,
        name: tree.name,
        planningType: tree.planningType,
        startDate: tree.startDate,
        endDate: tree.endDate,
        type: tree.type,
        currencyId: tree.currencyId,
      })),
    ),
  );

  planningRoute(router, 'GET', '/node/root/{treeId}', (request) => {
    const treeId = parseInteger(request.params.treeId);
    if (treeId === undefined) return badRequest(request, 'treeId must be an integer');
    const root = state.nodes.get(state.trees.find((tree) => tree.id === treeId)?.rootNodeId ?? -1);
    return root ? json(200, nodeDto(root, state, context)) : notFound(request, `Tree ${treeId} not found`);
  });
}
