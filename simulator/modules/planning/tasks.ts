/**
 * GET /task/node-allchildren/{nodeId}, added in 8.0 (spec §4.3): the tasks
 * of a node and of every node below it, paged (vendor TaskPageDTO).
 * `jobTypeIds` keeps tasks linked to jobs of those types; `nodeLevel` limits
 * the depth below the node (0 = the node itself only).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanTask, PlanningFixtures } from '../../fixtures/planning.ts';
import { findUserById } from '../../fixtures/user-directory.ts';
import { parseInteger, readListParam } from '../../fixtures/request-values.ts';
import { servesAllChildren } from './additions.ts';
import { badRequest, notFound } from './errors.ts';
import { descendantsOf } from './node-dto.ts';
import { mapsPage, readMapsWindow } from './page.ts';
import { planningRoute } from './route.ts';
import { planningUserDto } from './users.ts';

export function registerTasks(routes: Router, context: ModuleContext, state: PlanningFixtures): void {
  const router = routes.when(() => servesAllChildren(context));

  const taskDto = (task: PlanTask) => {
    const responsible = findUserById(task.responsibleUserId);
    return {
      id: task.id,
      name: task.name,
      date: task.date,
      state: task.state,
      markerType: task.markerType,
      ...(responsible ? { responsibleUser: planningUserDto(responsible, context) } : {}),
      info: task.info,
      ...(task.jobId === undefined ? {} : { jobId: task.jobId }),
      ...(task.jobTypeId === undefined ? {} : { jobTypeId: task.jobTypeId }),
      nodeId: task.nodeId,
    };
  };

  planningRoute(router, 'GET', '/task/node-allchildren/{nodeId}', (request) => {
    const nodeId = parseInteger(request.params.nodeId);
    if (nodeId === undefined) return badRequest(request, 'nodeId must be an integer');
    if (!state.nodes.has(nodeId)) return notFound(request, `Node ${nodeId} not found`);
    const rawLevel = request.query.get('nodeLevel');
    const nodeLevel = rawLevel === null ? undefined : parseInteger(rawLevel);
    if (rawLevel !== null && (nodeLevel === undefined || nodeLevel < 0)) return badRequest(request, 'nodeLevel must be a non-negative integer');
    const jobTypeIds = readListParam(request.query, 'jobTypeIds').map((raw) => parseInteger(raw));
    if (jobTypeIds.some((id) => id === undefined)) return badRequest(request, 'jobTypeIds must be integers');
    const window = readMapsWindow(request);
    if (!window.ok) return badRequest(request, window.reason);
    const nodeIds = [nodeId, ...descendantsOf(state, nodeId).filter((entry) => nodeLevel === undefined || entry.depth <= nodeLevel).map((entry) => entry.node.id)];
    const tasks = state.tasks
      .filter((task) => nodeIds.includes(task.nodeId))
      .filter((task) => jobTypeIds.length === 0 || (task.jobTypeId !== undefined && jobTypeIds.includes(task.jobTypeId)))
      .sort((a, b) => a.date.localeCompare(b.date));
    return json(200, mapsPage(tasks.map(taskDto), window.window));
  });
}
