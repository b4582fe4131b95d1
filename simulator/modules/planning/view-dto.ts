/**
 * ViewDTO, a sort-and-filter view (spec §2 "View (planning)": `id`,
 * `accessType`, `creatorId`; vendor MaPS 8.0 document for the rest). `id` is
 * a string as the spec has it, `viewId` the vendor's integer form of it, and
 * `creatorId` the creator's UUID (spec §9.3). The `includes` query parameter
 * adds the parts a client asks for: `filters`, `groups`, `sort`, `queryTokens`,
 * and `filterSort` (filters and sort together), the value the vendor's
 * document names.
 */
import type { SimRequest } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { PlanView, PlanningFixtures } from '../../fixtures/planning.ts';
import { findUserById } from '../../fixtures/user-directory.ts';
import { readListParam } from '../../fixtures/request-values.ts';
import { groupWriter } from './group-dto.ts';

export type ViewWriter = (view: PlanView, request: SimRequest) => Record<string, unknown>;

export function viewWriter(context: ModuleContext, state: PlanningFixtures): ViewWriter {
  const writeGroup = groupWriter(context);
  const creatorIdOf = (view: PlanView): string => {
    const creator = findUserById(view.creatorId);
    if (!creator || context.faults.has('planning-view-creator-not-uuid')) return String(view.creatorId);
    return creator.uuid;
  };

  return (view, request) => {
    const includes = new Set(readListParam(request.query, 'includes').flatMap((part) => (part === 'filterSort' ? ['filters', 'sort'] : [part])));
    return {
      id: view.id,
      viewId: Number(view.id),
      viewName: view.viewName,
      accessType: view.accessType,
      creatorId: creatorIdOf(view),
      query: view.query,
      useSimpleQuery: view.useSimpleQuery,
      showChildren: view.showChildren,
      ...(includes.has('filters') ? { filters: view.filters } : {}),
      ...(includes.has('groups') ? { groups: view.groupIds.flatMap((id) => { const group = state.groups.get(id); return group ? [writeGroup(group)] : []; }) } : {}),
      ...(includes.has('sort') ? { sort: view.sort } : {}),
      ...(includes.has('queryTokens') ? { queryTokens: view.query.split(/\s+(?:AND|OR)\s+/) } : {}),
    };
  };
}

/** Public and limited views are visible to every planner; private ones to their creator only. */
export function isVisibleTo(view: PlanView, userId: number): boolean {
  return view.accessType !== 'PRIVATE_ACCESS' || view.creatorId === userId;
}
