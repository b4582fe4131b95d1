/**
 * GET /view/public/all — every public sort-and-filter view, in both versions
 * (vendor MaPS documents; not a change of the spec). 7.4 writes the old
 * ViewDTO `{viewId, viewName}`; 8.0 writes the full view as its other view
 * endpoints do (spec §2 "View (planning)").
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanningFixtures } from '../../fixtures/planning.ts';
import { planningRoute } from './route.ts';
import { viewWriter } from './view-dto.ts';

export function registerPublicViews(router: Router, context: ModuleContext, state: PlanningFixtures): void {
  const writeView = viewWriter(context, state);

  planningRoute(router, 'GET', '/view/public/all', (request) => {
    const publicViews = [...state.views.values()].filter((view) => view.accessType === 'PUBLIC_ACCESS');
    return json(200, publicViews.map((view) => (context.version === '7.4' ? { viewId: Number(view.id), viewName: view.viewName } : writeView(view, request))));
  });
}
