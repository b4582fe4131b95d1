/**
 * Group memberships by user, deprecated in 8.0 and still served (spec
 * §4.3): GET /usergroups/all maps each numeric user id to its
 * `[{groupId, roleId}]`; GET and PUT /usergroups/user/{userId} read and
 * replace one user's memberships (PUT: 204). `{userId}` is the numeric id,
 * or in 8.0 also the UUID; unknown users are 404, unknown groups or roles 400.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import { planningRoleIds, type GroupRolePair, type PlanningFixtures } from '../../fixtures/planning.ts';
import { isRecord } from '../../fixtures/request-values.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { badRequest, notFound, planningError } from './errors.ts';
import { planningRoute } from './route.ts';
import { readUserParam } from './users.ts';

type UserLookup = { readonly ok: true; readonly user: SeedUser } | { readonly ok: false; readonly response: SimResponse };

export function registerUserGroups(routes: Router, context: ModuleContext, state: PlanningFixtures): void {
  const router = routes.when(() => !context.faults.has('planning-usergroups-removed-early'));

  const lookup = (request: SimRequest): UserLookup => {
    const found = readUserParam(request.params.userId, context.version);
    if (found.kind === 'malformed') return { ok: false, response: badRequest(request, 'userId must be a user id') };
    if (found.kind === 'unknown') return { ok: false, response: notFound(request, `User ${request.params.userId ?? ''} not found`) };
    return { ok: true, user: found.user };
  };

  const isPair = (raw: unknown): raw is GroupRolePair =>
    isRecord(raw) && typeof raw.groupId === 'number' && Number.isInteger(raw.groupId) && typeof raw.roleId === 'number' && Number.isInteger(raw.roleId);

  planningRoute(router, 'GET', '/usergroups/all', () => {
    if (context.faults.has('planning-usergroups-all-no-content')) return { status: 204 };
    const all: Record<string, GroupRolePair[]> = {};
    for (const [userId, pairs] of state.userGroups) all[String(userId)] = pairs;
    return json(200, all);
  });

  planningRoute(router, 'GET', '/usergroups/user/{userId}', (request) => {
    const found = lookup(request);
    return found.ok ? json(200, state.userGroups.get(found.user.id) ?? []) : found.response;
  });

  planningRoute(router, 'PUT', '/usergroups/user/{userId}', (request) => {
    const found = lookup(request);
    if (!found.ok) return found.response;
    const body = request.body;
    if (!Array.isArray(body) || !body.every(isPair)) return badRequest(request, 'The body must be an array of {groupId, roleId}');
    const unknown = body.find((pair) => !state.groups.has(String(pair.groupId)) || !planningRoleIds.includes(pair.roleId));
    if (unknown) return badRequest(request, `Unknown group ${unknown.groupId} or role ${unknown.roleId}`);
    if (context.faults.has('planning-writes-server-error')) return planningError(request, 500, 'Internal server error');
    state.userGroups.set(found.user.id, body.map((pair) => ({ groupId: pair.groupId, roleId: pair.roleId })));
    return { status: 204 };
  });
}
