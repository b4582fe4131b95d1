/**
 * Dimensions and the values set on nodes. GET /dimension lists the
 * dimensions and GET /dimension/node/{nodeId} a node's values, in both
 * versions. GET /dimension/node-allchildren/{nodeId}, added in 8.0 (spec
 * §4.3), pages the values of every node below a node in the dimensions
 * named by `dimensionids`, which the vendor's document requires (400
 * without it, as Spring answers a missing required parameter).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { parseInteger, readListParam } from '../../fixtures/request-values.ts';
import { servesAllChildren } from './additions.ts';
import { dimensionNodeValueDto } from './dimension-values.ts';
import { badRequest, notFound } from './errors.ts';
import { descendantsOf } from './node-dto.ts';
import { mapsPage, readMapsWindow } from './page.ts';
import { planningRoute } from './route.ts';

export function registerDimensions(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const valuesOf = (nodeId: number) =>
    (state.nodeDimensions.get(nodeId) ?? []).map((entry) =>
      dimensionNodeValueDto(nodeId, entry, state.dimensions.find((dimension) => dimension.id === entry.dimensionId)),
    );

  planningRoute(router, 'GET', '/dimension', () =>
    json(
      200,
      state.dimensions.map((dimension) => ({
        id: dimension.id,
        name: dimension.name,
        info: dimension.info,
        type: dimension.type,
        readOnly: false,
        required: dimension.required,
        copyable: true,
        inheritable: true,
        archived: false,
        quickFilter: dimension.type !== 'TEXT_DIMENSION_TYPE',
      })),
    ),
  );

  planningRoute(router, 'GET', '/dimension/node/{nodeId}', (request) => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    const type = request.query.get('dimensionType');
    return json(200, valuesOf(nodeId).filter((entry) => type === null || entry.dimensionType === type));
  });

  planningRoute(router.when(() => servesAllChildren(context)), 'GET', '/dimension/node-allchildren/{nodeId}', (request) => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    if (!request.query.has('dimensionids')) return badRequest(request, "Required request parameter 'dimensionids' for method parameter type List is not present");
    const wanted = readListParam(request.query, 'dimensionids').map((raw) => parseInteger(raw));
    if (wanted.some((id) => id === undefined)) return badRequest(request, 'dimensionids must be integers');
    const window = readMapsWindow(request);
    if (!window.ok) return badRequest(request, window.reason);
    const values = descendantsOf(state, nodeId)
      .flatMap((entry) => valuesOf(entry.node.id))
      .filter((entry) => wanted.includes(entry.dimensionId));
    return json(200, mapsPage(values, window.window));
  });
}
