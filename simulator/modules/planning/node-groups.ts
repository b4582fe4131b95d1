/**
 * GET /group/node/{nodeId} — the user groups assigned to a node (vendor
 * MaPS documents, both versions; not a change of the spec). Each group is
 * written as every group response is, so 8.0 carries `uid` (spec §2).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { groupWriter } from './group-dto.ts';
import { planningRoute } from './route.ts';

export function registerNodeGroups(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const groupDto = groupWriter(context);

  planningRoute(router, 'GET', '/group/node/{nodeId}', (request) => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    const groups = (state.nodeGroups.get(nodeId) ?? []).flatMap((id) => {
      const group = state.groups.get(id);
      return group ? [groupDto(group)] : [];
    });
    return json(200, groups);
  });
}
