/**
 * Sort-and-filter views, added in 8.0 (spec §4.3, tag ViewService):
 *
 * - POST /view creates one (201, ViewDTO; the caller is its creator);
 * - GET /view/all pages the views the caller may see (`query` matches names);
 * - GET /view/{viewId} reads one (with `includes`);
 * - PUT /view/{viewId} updates one (204; only its creator may: 403);
 * - DELETE /view/{viewId} deletes one (204; only its creator may: 403; the
 *   vendor's 8.0 document has it, the spec does not list it).
 *
 * The body is the vendor's CreateUpdateViewDTO: `viewName`, `accessType`
 * (PUBLIC_ACCESS, PRIVATE_ACCESS, LIMITED_ACCESS), `query`, `useSimpleQuery`,
 * `showChildren`, `groups` (group ids) and `sort`. Creating or updating a
 * view makes it the caller's last used view. Views live per platform instance.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { AccessType, PlanView, PlanningFixtures, ViewSort } from '../../fixtures/planning.ts';
import { isRecord } from '../../fixtures/request-values.ts';
import { badRequest, notFound, planningError } from './errors.ts';
import { mapsPage, readMapsWindow } from './page.ts';
import { planningRoute } from './route.ts';
import { isVisibleTo, viewWriter } from './view-dto.ts';

const accessTypes: readonly string[] = ['PUBLIC_ACCESS', 'PRIVATE_ACCESS', 'LIMITED_ACCESS'];
const isAccessType = (value: unknown): value is AccessType => typeof value === 'string' && accessTypes.includes(value);

const isSort = (value: unknown): value is ViewSort =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  (value.type === 'STARTDATE' || value.type === 'RESPONSIBLE_PERSON_NAME' || value.type === 'DIMENSION') &&
  (value.direction === 'ASC' || value.direction === 'DESC');

type ViewInput = { readonly ok: true; readonly changes: Partial<PlanView> } | { readonly ok: false; readonly response: SimResponse };

export function registerViews(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const writeView = viewWriter(context, state);

  const readInput = (request: SimRequest): ViewInput => {
    const body: unknown = request.body;
    const fail = (message: string): ViewInput => ({ ok: false, response: badRequest(request, message) });
    if (!isRecord(body)) return fail('The view must be a JSON object');
    const { viewName, accessType, query, useSimpleQuery, showChildren, groups, sort } = body;
    if (viewName !== undefined && (typeof viewName !== 'string' || viewName.trim() === '')) return fail('viewName must be a non-empty string');
    if (accessType !== undefined && !isAccessType(accessType)) return fail(`accessType must be one of ${accessTypes.join(', ')}`);
    if (query !== undefined && typeof query !== 'string') return fail('query must be a string');
    if (useSimpleQuery !== undefined && typeof useSimpleQuery !== 'boolean') return fail('useSimpleQuery must be a boolean');
    if (showChildren !== undefined && typeof showChildren !== 'boolean') return fail('showChildren must be a boolean');
    if (sort !== undefined && (!Array.isArray(sort) || !sort.every(isSort))) return fail('sort must be an array of sort criteria');
    let groupIds: string[] | undefined;
    if (groups !== undefined) {
      if (!Array.isArray(groups) || !groups.every((id) => typeof id === 'number' || typeof id === 'string')) return fail('groups must be an array of group ids');
      groupIds = groups.map(String);
      const unknown = groupIds.find((id) => !state.groups.has(id));
      if (unknown !== undefined) return fail(`Unknown group ${unknown}`);
    }
    const changes: Partial<PlanView> = {
      ...(typeof viewName === 'string' ? { viewName } : {}),
      ...(isAccessType(accessType) ? { accessType } : {}),
      ...(typeof query === 'string' ? { query } : {}),
      ...(typeof useSimpleQuery === 'boolean' ? { useSimpleQuery } : {}),
      ...(typeof showChildren === 'boolean' ? { showChildren } : {}),
      ...(groupIds ? { groupIds } : {}),
      ...(Array.isArray(sort) && sort.every(isSort) ? { sort } : {}),
    };
    return { ok: true, changes };
  };

  const create = (request: SimRequest): SimResponse => {
    const caller = request.principal;
    if (!caller) return planningError(request, 401, 'Authentication required');
    const input = readInput(request);
    if (!input.ok) return input.response;
    if (input.changes.viewName === undefined) return badRequest(request, 'viewName is required');
    const view: PlanView = {
      id: String(state.nextViewId),
      viewName: input.changes.viewName,
      accessType: input.changes.accessType ?? 'PRIVATE_ACCESS',
      creatorId: caller.userId,
      query: input.changes.query ?? '',
      useSimpleQuery: input.changes.useSimpleQuery ?? false,
      showChildren: input.changes.showChildren ?? true,
      groupIds: input.changes.groupIds ?? [],
      sort: input.changes.sort ?? [],
      filters: [],
      log: [`${new Date().toISOString()} INFO view created`],
    };
    state.nextViewId += 1;
    state.views.set(view.id, view);
    state.lastUsedViews.set(caller.userId, view.id);
    return json(201, writeView(view, request));
  };

  const all = (request: SimRequest): SimResponse => {
    const window = readMapsWindow(request);
    if (!window.ok) return badRequest(request, window.reason);
    const needle = (request.query.get('query') ?? '').toLowerCase();
    const visible = [...state.views.values()]
      .filter((view) => isVisibleTo(view, request.principal?.userId ?? 0))
      .filter((view) => needle === '' || view.viewName.toLowerCase().includes(needle));
    const page = mapsPage(visible, window.window);
    return json(200, { ...page, content: page.content.map((view) => writeView(view, request)) });
  };

  const one = (request: SimRequest): SimResponse => {
    const view = state.views.get(request.params.viewId ?? '');
    if (!view || !isVisibleTo(view, request.principal?.userId ?? 0)) return notFound(request, `View ${request.params.viewId ?? ''} not found`);
    return json(200, writeView(view, request));
  };

  const update = (request: SimRequest): SimResponse => {
    const caller = request.principal;
    const view = state.views.get(request.params.viewId ?? '');
    if (!caller || !view || !isVisibleTo(view, caller.userId)) return notFound(request, `View ${request.params.viewId ?? ''} not found`);
    if (view.creatorId !== caller.userId) return planningError(request, 403, 'Only the creator may change a view');
    const input = readInput(request);
    if (!input.ok) return input.response;
    if (context.faults.has('planning-writes-server-error')) return planningError(request, 500, 'Internal server error');
    state.views.set(view.id, { ...view, ...input.changes, log: [...view.log, `${new Date().toISOString()} INFO view updated`] });
    state.lastUsedViews.set(caller.userId, view.id);
    return { status: 204 };
  };

  const remove = (request: SimRequest): SimResponse => {
    const caller = request.principal;
    const view = state.views.get(request.params.viewId ?? '');
    if (!caller || !view || !isVisibleTo(view, caller.userId)) return notFound(request, `View ${request.params.viewId ?? ''} not found`);
    if (view.creatorId !== caller.userId) return planningError(request, 403, 'Only the creator may delete a view');
    state.views.delete(view.id);
    for (const [userId, viewId] of state.lastUsedViews) if (viewId === view.id) state.lastUsedViews.delete(userId);
    return { status: 204 };
  };

  planningRoute(router, 'POST', '/view', create);
  planningRoute(router, 'GET', '/view/all', all);
  planningRoute(router, 'GET', '/view/{viewId}', one);
  planningRoute(router, 'PUT', '/view/{viewId}', update);
  planningRoute(router, 'DELETE', '/view/{viewId}', remove);
}
