/**
 * Planning user groups (spec §2 "Group (planning)", §4.3, tag GroupService).
 * A group is `{id, name, inherit, uid}`; `id` is a string (spec §2).
 *
 * - GET /group lists them (added in 8.0, `uid` in each);
 * - GET /group/{id} reads one (both versions);
 * - POST /group creates one (201); 8.0 takes an optional `uid` and, when it
 *   is absent, generates one; the response carries it;
 * - PUT /group/{id} updates name, inherit and (8.0) uid (204);
 * - DELETE /group/{id} deletes it and its node assignments (204).
 * POST, PUT and DELETE are deprecated in 8.0 and still served. 7.4 knows no
 * `uid`: it neither writes nor reads one. Groups live per platform instance.
 */
import { randomUUID } from 'node:crypto';
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanGroup, PlanningFixtures } from '../../fixtures/planning.ts';
import { isRecord } from '../../fixtures/request-values.ts';
import { servesAdditions } from './additions.ts';
import { badRequest, notFound, planningError } from './errors.ts';
import { groupWriter } from './group-dto.ts';
import { planningRoute } from './route.ts';

type GroupInput = { readonly ok: true; readonly name?: string; readonly inherit?: boolean; readonly uid?: string } | { readonly ok: false; readonly response: SimResponse };

export function registerGroups(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const knowsUid = context.version === '8.0';

  const groupDto = groupWriter(context);

  const readInput = (request: SimRequest): GroupInput => {
    const body: unknown = request.body;
    if (!isRecord(body)) return { ok: false, response: badRequest(request, 'The group must be a JSON object') };
    const { name, inherit } = body;
    const uid = knowsUid ? body.uid : undefined;
    if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) return { ok: false, response: badRequest(request, 'name must be a non-empty string') };
    if (inherit !== undefined && typeof inherit !== 'boolean') return { ok: false, response: badRequest(request, 'inherit must be a boolean') };
    if (uid !== undefined && uid !== null && (typeof uid !== 'string' || uid.trim() === '')) return { ok: false, response: badRequest(request, 'uid must be a non-empty string') };
    return {
      ok: true,
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof inherit === 'boolean' ? { inherit } : {}),
      ...(typeof uid === 'string' ? { uid } : {}),
    };
  };

  const uidTaken = (uid: string, except?: string): boolean => [...state.groups.values()].some((group) => group.uid === uid && group.id !== except);

  const create = (request: SimRequest): SimResponse => {
    const input = readInput(request);
    if (!input.ok) return input.response;
    if (input.name === undefined) return badRequest(request, 'name is required');
    if (input.uid !== undefined && uidTaken(input.uid)) return planningError(request, 409, `A group with uid ${input.uid} already exists`);
    const group: PlanGroup = { id: String(state.nextGroupId), name: input.name, inherit: input.inherit ?? false, uid: input.uid ?? randomUUID() };
    state.nextGroupId += 1;
    state.groups.set(group.id, group);
    return json(201, groupDto(group));
  };

  const update = (request: SimRequest): SimResponse => {
    const existing = state.groups.get(request.params.id ?? '');
    if (!existing) return notFound(request, `Group ${request.params.id ?? ''} not found`);
    const input = readInput(request);
    if (!input.ok) return input.response;
    if (input.uid !== undefined && uidTaken(input.uid, existing.id)) return planningError(request, 409, `A group with uid ${input.uid} already exists`);
    if (context.faults.has('planning-writes-server-error')) return planningError(request, 500, 'Internal server error');
    state.groups.set(existing.id, { ...existing, ...(input.name === undefined ? {} : { name: input.name }), ...(input.inherit === undefined ? {} : { inherit: input.inherit }), ...(input.uid === undefined ? {} : { uid: input.uid }) });
    return { status: 204 };
  };

  const remove = (request: SimRequest): SimResponse => {
    const id = request.params.id ?? '';
    if (!state.groups.has(id)) return notFound(request, `Group ${id} not found`);
    if (context.faults.has('planning-writes-server-error')) return planningError(request, 500, 'Internal server error');
    if (!context.faults.has('planning-group-delete-ignored')) {
      state.groups.delete(id);
      for (const [nodeId, groupIds] of state.nodeGroups) state.nodeGroups.set(nodeId, groupIds.filter((groupId) => groupId !== id));
    }
    return { status: 204 };
  };

  const servesList = (): boolean => servesAdditions(context) && !context.faults.has('planning-group-list-missing');
  planningRoute(router.when(servesList), 'GET', '/group', () => json(200, [...state.groups.values()].map(groupDto)));
  planningRoute(router, 'GET', '/group/{id}', (request) => {
    const group = state.groups.get(request.params.id ?? '');
    return group ? json(200, groupDto(group)) : notFound(request, `Group ${request.params.id ?? ''} not found`);
  });
  const writes = router.when(() => !context.faults.has('planning-group-writes-removed-early'));
  planningRoute(writes, 'POST', '/group', create);
  planningRoute(writes, 'PUT', '/group/{id}', update);
  planningRoute(writes, 'DELETE', '/group/{id}', remove);
}
