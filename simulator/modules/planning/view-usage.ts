/**
 * Two view endpoints added in 8.0 (spec §4.3):
 *
 * - GET /view/lastused/user/{userId} — the user's last used view (ViewDTO
 *   with `accessType`, `creatorId`, and the parts named in `includes`), or
 *   204 with no body when the user works in the default view (vendor: "If
 *   last used view is the default view - returns nothing"). `{userId}` is
 *   the numeric id or the UUID;
 * - GET /view/log/download/{viewId} — the view's migration log as a text
 *   file download.
 */
import type { Router, SimResponse } from '../../http/router.ts';
import { json } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { badRequest, notFound } from './errors.ts';
import { planningRoute } from './route.ts';
import { readUserParam } from './users.ts';
import { isVisibleTo, viewWriter } from './view-dto.ts';

export function registerViewUsage(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const writeView = viewWriter(context, state);

  planningRoute(router, 'GET', '/view/lastused/user/{userId}', (request) => {
    const found = readUserParam(request.params.userId, context.version);
    if (found.kind === 'malformed') return badRequest(request, 'userId must be a user id or UUID');
    if (found.kind === 'unknown') return notFound(request, `User ${request.params.userId ?? ''} not found`);
    const view = state.views.get(state.lastUsedViews.get(found.user.id) ?? '');
    if (!view) return { status: 204 };
    return json(200, writeView(view, request));
  });

  planningRoute(router.when(() => !context.faults.has('planning-view-log-download-missing')), 'GET', '/view/log/download/{viewId}', (request): SimResponse => {
    const view = state.views.get(request.params.viewId ?? '');
    if (!view || !isVisibleTo(view, request.principal?.userId ?? 0)) return notFound(request, `View ${request.params.viewId ?? ''} not found`);
    return {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="view-${view.id}.log"` },
      body: `${view.log.join('\n')}\n`,
    };
  });
}
