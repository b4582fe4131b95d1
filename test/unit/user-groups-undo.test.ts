/**
 * PUT /usergroups/user/{userId} replaces a real user's memberships. A call
 * that did not succeed may still have written some of them (a 500 after a
 * partial write): the clean-up reads them again either way, puts back the
 * ones read first when they differ, and lists the call in the ledger with
 * what it found (docs/data-changes.md). Against a fake API that keeps the
 * memberships in memory.
 */
import { describe, expect, it } from 'vitest';
import type { ApiCall, PlatformApi } from '../../src/api/platform-api.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import { prepareUserGroupsUpdate } from '../../suites/modules/planning/_scratch.ts';

interface Pair {
  readonly groupId: number;
  readonly roleId: number;
}

function fakeApi(memberships: Pair[]): { api: PlatformApi; puts: () => number; set: (pairs: Pair[]) => void } {
  let current = memberships;
  let puts = 0;
  const answer = (status: number, body: unknown): HttpResponse => ({
    url: 'http://staging.invalid/maps/rest/api/v1.0/usergroups/user/1042',
    status,
    headers: {},
    text: JSON.stringify(body),
    header: () => undefined,
    json: () => body,
  });
  const call = async (request: ApiCall): Promise<HttpResponse> => {
    if (request.method === 'GET' && request.path.includes('/usergroups/user/')) return answer(200, current);
    if (request.method === 'PUT' && request.path.includes('/usergroups/user/')) {
      puts += 1;
      current = request.json as Pair[];
      return answer(200, current);
    }
    // The scratch group: created as 77, gone once deleted.
    if (request.method === 'POST') return answer(201, { id: 77 });
    if (request.method === 'DELETE') return answer(204, '');
    return answer(404, {});
  };
  return { api: { call } as unknown as PlatformApi, puts: () => puts, set: (pairs) => void (current = pairs) };
}

const before = [{ groupId: 5, roleId: 2 }];
const input = { version: '8.0' as const, fixtures: { planningUserId: '1042' } };
const request = 'PUT /maps/rest/api/v1.0/usergroups/user/1042';

describe('the clean-up of a memberships PUT that did not succeed', () => {
  it('puts back the memberships read first when the failed call changed them, and says so', async () => {
    const { api, puts, set } = fakeApi([...before]);
    const prepared = await prepareUserGroupsUpdate(api, input);
    if ('failed' in prepared) throw new Error(prepared.failed);
    // The call answered 500 after writing part of its body.
    set([{ groupId: 77, roleId: 2 }]);
    const changes = await prepared.undo(api, { request, succeeded: false });
    expect(puts()).toBe(1);
    expect(changes[0]).toEqual({ request, target: 'memberships of user 1042', undone: 'restored', detail: 'the 1 memberships read first are back' });
  });

  it('lists a failed call that changed nothing as unchanged, and sends no PUT', async () => {
    const { api, puts } = fakeApi([...before]);
    const prepared = await prepareUserGroupsUpdate(api, input);
    if ('failed' in prepared) throw new Error(prepared.failed);
    const changes = await prepared.undo(api, { request, succeeded: false });
    expect(puts()).toBe(0);
    expect(changes[0]).toEqual({ request, target: 'memberships of user 1042', undone: 'unchanged', detail: 'the call did not succeed, and the 1 memberships read again are those read first' });
  });
});
