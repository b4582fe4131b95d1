/**
 * Views in 8.0 name their creator by UUID (spec §2 "View (planning)":
 * `creatorId`; §9.3 users are identified by UUIDs): in the list of GET
 * /view/all and in the details of GET /view/{viewId}. Views the suites
 * create are left out, as they may vanish while the check runs.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { idOf, isJson, items, labelsFor, planningEntry, requireChange, suiteMarker, uuidPattern } from './_planning.ts';

const viewAll = planningEntry('planning.view-all');
const viewGet = planningEntry('planning.view-get');

const creatorOf = (view: unknown): string => (isJson(view) ? JSON.stringify(view.creatorId) : 'no view');

check(
  {
    id: 'planning.view-creator-uuid',
    title: 'every view names its creator by UUID in creatorId (GET /view/all and GET /view/{viewId})',
    labels: labelsFor(viewAll.id, '§2'),
    killedBy: ['planning-view-creator-not-uuid'], observedBy: ['planning-views-missing'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, viewAll.id, 'the view endpoints');
    const context = await suiteContext();
    const listed = await context.api.call({ method: 'GET', path: viewAll.path });
    expect(listed.status, `status of GET ${viewAll.path}`).toBe(200);
    const views = items(listed.json()).filter((view) => !(typeof view.viewName === 'string' && view.viewName.startsWith(suiteMarker)));
    if (views.length === 0) return skipWithReason(test, 'GET /view/all lists no view to look at');
    const notUuid = views.filter((view) => typeof view.creatorId !== 'string' || !uuidPattern.test(view.creatorId));
    expect(notUuid.map((view) => `view ${String(idOf(view.id))}: creatorId ${creatorOf(view)}`), 'views of GET /view/all without a UUID creatorId').toEqual([]);

    const viewId = idOf(views[0]?.id) ?? idOf(views[0]?.viewId) ?? '';
    const details = await context.api.call({ method: 'GET', path: viewGet.path, pathParams: { viewId } });
    expect(details.status, `GET /view/${viewId}`).toBe(200);
    const detail = details.json();
    await observe(test, `${views.length} views; view ${viewId} creatorId ${creatorOf(detail)}`);
    expect(isJson(detail) ? detail.creatorId : undefined, `creatorId of GET /view/${viewId}`).toMatch(uuidPattern);
  },
);
