/**
 * Planning groups made by the checks themselves (spec §2 "Group (planning)",
 * §4.3), so no check changes a group it did not create: create through the
 * catalog's POST /group, read through GET /group/{id}, delete afterwards.
 */
import { expect, type TestContext } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { recordDataChange, requestLine } from '../../../src/check/data-changes.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { createdId, isJson, planningEntry, planningPath, type Json } from './_planning.ts';

export const groupCreate = planningEntry('planning.group-create');
export const groupUpdate = planningEntry('planning.group-update');
export const groupDelete = planningEntry('planning.group-delete');

export interface CreatedGroup {
  readonly id: string;
  readonly response: HttpResponse;
  readonly body: Json;
}

/** POST /group with `group`, runs `use` on what was created, and deletes it unless `use` answers that it deleted it. */
export async function withScratchGroup(test: TestContext, context: SuiteContext, group: Json, use: (created: CreatedGroup) => Promise<void | 'deleted'>): Promise<void> {
  await requireMutationsAllowed(test, context.target, `${groupCreate.method} ${groupCreate.path}`);
  const response = await context.api.call({ method: groupCreate.method, path: groupCreate.path, json: group });
  expectStatus(response, { call: sentCall(groupCreate.method, response), spec: '§4.3', promise: `lists ${groupCreate.method} ${groupCreate.path} as creating a group` });
  const body = response.json();
  const id = createdId(response);
  expect(id, 'the created group carries its id').toBeDefined();
  if (!isJson(body) || id === undefined) return;
  let outcome: void | 'deleted' = undefined;
  try {
    outcome = await use({ id, response, body });
  } finally {
    // A check that deleted the group itself says so: a second DELETE would only be refused.
    const deleted = outcome === 'deleted' ? undefined : await deleteGroup(context.api, id);
    // Gone is what a GET says, not what the DELETE answered.
    const gone = (await readGroup(context.api, id)).status === 404;
    const undone = gone ? 'removed' : 'not undone';
    const deletion = deleted === undefined ? 'deleted by the check' : `DELETE answered HTTP ${deleted.status}`;
    // Worded as every scratch object left behind is (_scratch.ts): what the DELETE answered, and the name to find it by.
    const name = typeof group.name === 'string' ? `; it is named "${group.name}"` : '';
    const detail = gone ? deletion : `still there after ${deleted === undefined ? 'the check deleted it' : deletion}${name}`;
    recordDataChange(test, { request: requestLine(groupCreate.method, response.url), target: `scratch group ${id}, created by the check`, undone, detail });
  }
}

export function deleteGroup(api: PlatformApi, id: string): Promise<HttpResponse> {
  return api.call({ method: groupDelete.method, path: groupDelete.path, pathParams: { id } });
}

/** GET /group/{id} (both versions). */
export function readGroup(api: PlatformApi, id: string): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: planningPath('/group/{id}'), pathParams: { id } });
}
