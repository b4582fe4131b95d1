/**
 * What the planning lifecycle calls act on, made or read by the run itself
 * (spec §4.3), so that a run changes only what it created:
 * - the group update and delete act on a scratch group the check creates
 *   (POST /group, both versions) and deletes again;
 * - the user-group update gives the discovered user one scratch membership
 *   (the scratch group) next to the memberships read first, then puts those
 *   back and deletes the group;
 * - the view update acts on a scratch view (POST /view, 8.0) deleted again;
 * - the dimension-node update reads the node's own values first and puts them
 *   back should the call have changed them.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { planningPath } from '../../../src/api/modules/planning.ts';
import { requestLine, type DataChange } from '../../../src/check/data-changes.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { suiteMarker } from '../../../src/fixtures/discovery-types.ts';
import type { Prepared, RecipeInput } from '../_requests.ts';

/** A name for what a check creates: the suite marker first, so discovery never picks it and a reader knows whose it is. */
export function scratchName(what: string): string {
  return `${suiteMarker} ${what} ${randomUUID().slice(0, 8)}`;
}

/** The id of what a create call answered with (`id`, or the vendor's `viewId`), as a path value. */
export function createdId(response: HttpResponse): string | undefined {
  const body = response.json();
  if (typeof body !== 'object' || body === null) return undefined;
  const id = 'id' in body ? body.id : 'viewId' in body ? body.viewId : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

const groupPath = planningPath('/group');
const groupByIdPath = planningPath('/group/{id}');
const viewPath = planningPath('/view');
const viewByIdPath = planningPath('/view/{id}');
const userGroupsPath = planningPath('/usergroups/user/{userId}');

const isSuccess = (response: HttpResponse): boolean => response.status >= 200 && response.status < 300;

interface Created {
  readonly id: string;
  readonly request: string;
}

/** POST of a scratch object; its id, or why there is none. */
async function create(api: PlatformApi, path: string, body: unknown, what: string): Promise<Created | { failed: string }> {
  const response = await api.call({ method: 'POST', path, json: body });
  if (!isSuccess(response)) return { failed: `creating a scratch ${what} (POST ${path}) answered HTTP ${response.status}` };
  const id = response.text === '' ? undefined : createdId(response);
  if (id === undefined) return { failed: `the scratch ${what} POST ${path} created names no id` };
  return { id, request: requestLine('POST', response.url) };
}

/**
 * A GET of a scratch object, its DELETE, then a GET to see it gone: removed when the GET answers 404 (the call under
 * test may have deleted it already, when `deletedByCall`: then the first GET's 404 says so). A DELETE that answers
 * success and leaves it is not undone.
 */
async function remove(api: PlatformApi, path: string, id: string, created: Created, what: string, deletedByCall: boolean): Promise<DataChange> {
  const target = `scratch ${what} ${id}, created by the check`;
  const gone = async (): Promise<boolean> => (await api.call({ method: 'GET', path, pathParams: { id } })).status === 404;
  // Read first even when the call under test left the object: a GET that finds it shows the route is served, so
  // the 404 after the DELETE is the object's and not a route the target lacks (src/check/not-served.ts, spec §4.3).
  if ((await gone()) && deletedByCall) return { request: created.request, target, undone: 'removed', detail: 'deleted by the call under test' };
  const response = await api.call({ method: 'DELETE', path, pathParams: { id } });
  if (await gone()) return { request: created.request, target, undone: 'removed', detail: `DELETE answered HTTP ${response.status}` };
  return { request: created.request, target, undone: 'not undone', detail: `still there after DELETE answered HTTP ${response.status}; it is named "${suiteMarker} …"` };
}

const groupBody = (): Record<string, unknown> => ({ name: scratchName('group'), inherit: false });

/**
 * PUT or DELETE /group/{id} on a scratch group, deleted afterwards. `callDeletes`: the call under test is the
 * DELETE, so once it succeeded the clean-up only confirms the group is gone.
 */
async function prepareOnScratchGroup(api: PlatformApi, callDeletes: boolean): Promise<Prepared> {
  const group = await create(api, groupPath, groupBody(), 'group');
  if ('failed' in group) return group;
  return {
    fixtures: { planningGroupId: group.id },
    undo: async (_api, call) => {
      const removed = await remove(api, groupByIdPath, group.id, group, 'group', callDeletes && call.succeeded);
      return call.succeeded ? [removed, { ...removed, request: call.request }] : [removed];
    },
  };
}

/** PUT /group/{id} on a scratch group, deleted afterwards. */
export function prepareGroupUpdate(api: PlatformApi): Promise<Prepared> {
  return prepareOnScratchGroup(api, false);
}

/** DELETE /group/{id} on a scratch group; deleted again should the call have left it. */
export function prepareGroupDelete(api: PlatformApi): Promise<Prepared> {
  return prepareOnScratchGroup(api, true);
}

interface GroupRolePair {
  readonly groupId: number;
  readonly roleId: number;
}

function pairs(body: unknown): GroupRolePair[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const found = body.flatMap((pair: unknown) => {
    if (typeof pair !== 'object' || pair === null) return [];
    const { groupId, roleId } = pair as Record<string, unknown>;
    return typeof groupId === 'number' && typeof roleId === 'number' ? [{ groupId, roleId }] : [];
  });
  return found.length === body.length ? found : undefined;
}

const sameMemberships = (a: readonly GroupRolePair[], b: readonly GroupRolePair[]): boolean =>
  JSON.stringify(a.map((pair) => `${pair.groupId}:${pair.roleId}`).sort()) === JSON.stringify(b.map((pair) => `${pair.groupId}:${pair.roleId}`).sort());

/**
 * PUT /usergroups/user/{userId} replaces the user's memberships (vendor GroupRolePair list): the check sends the
 * memberships read first plus one in a scratch group, then puts the ones read first back and deletes the group.
 * The role of the scratch membership is one the user already holds; a user with none, or a target that cannot
 * create the group, gets the memberships it has.
 */
export async function prepareUserGroupsUpdate(api: PlatformApi, input: RecipeInput): Promise<Prepared> {
  const userId = input.fixtures.planningUserId;
  if (userId === undefined) return { failed: 'no planning user' };
  const read = () => api.call({ method: 'GET', path: userGroupsPath, pathParams: { userId } });
  const first = await read();
  const before = isSuccess(first) ? pairs(first.json()) : undefined;
  if (before === undefined) return { failed: `reading user ${userId}'s memberships first (GET ${userGroupsPath}) answered HTTP ${first.status}${isSuccess(first) ? ' with no GroupRolePair list' : ''}` };
  const role = before[0]?.roleId;
  // Without a scratch group (none can be created) the user gets the memberships it has: the PUT is still tried.
  const made = role === undefined ? undefined : await create(api, groupPath, groupBody(), 'group');
  const group = made !== undefined && 'failed' in made ? undefined : made;
  const scratchGroupId = group === undefined ? undefined : Number(group.id);
  const scratch = scratchGroupId !== undefined && Number.isInteger(scratchGroupId) && role !== undefined ? [{ groupId: scratchGroupId, roleId: role }] : [];
  const target = `memberships of user ${userId}`;
  return {
    body: [...before, ...scratch],
    undo: async (_api, call) => {
      const changes: DataChange[] = [];
      // A PUT that failed may still have written part of a real user's memberships (a 500 after a partial write): they
      // are read again either way, and put back unless they are still those read first.
      const reread = await read();
      const found = isSuccess(reread) ? pairs(reread.json()) : undefined;
      const untouched = !call.succeeded && found !== undefined && sameMemberships(found, before);
      if (untouched) {
        changes.push({ request: call.request, target, undone: 'unchanged', detail: `the call did not succeed, and the ${before.length} memberships read again are those read first` });
      } else {
        const put = await api.call({ method: 'PUT', path: userGroupsPath, pathParams: { userId }, json: before });
        const after = await read();
        const now = isSuccess(after) ? pairs(after.json()) : undefined;
        const restored = isSuccess(put) && now !== undefined && sameMemberships(now, before);
        changes.push({
          request: call.request,
          target,
          undone: scratch.length === 0 && call.succeeded ? (restored ? 'unchanged' : 'not undone') : restored ? 'restored' : 'not undone',
          detail: restored ? `the ${before.length} memberships read first are back` : `putting the ${before.length} memberships read first back answered HTTP ${put.status}, then GET ${after.status}`,
        });
      }
      if (group !== undefined) changes.push(await remove(api, groupByIdPath, group.id, group, 'group', false));
      return changes;
    },
  };
}

/** PUT /view/{viewId} on a private scratch view (8.0), deleted afterwards. */
export async function prepareViewUpdate(api: PlatformApi, _input: RecipeInput, body: unknown): Promise<Prepared> {
  const view = await create(api, viewPath, body, 'view');
  if ('failed' in view) return view;
  return {
    fixtures: { viewId: view.id },
    undo: async (_api, call) => {
      const removed = await remove(api, viewByIdPath, view.id, view, 'view', false);
      return call.succeeded ? [removed, { ...removed, request: call.request }] : [removed];
    },
  };
}
