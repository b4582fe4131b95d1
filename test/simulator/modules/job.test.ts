/**
 * Conformance of the simulator's job module (spec §2, §4.2, §9) for 7.4 and
 * 8.0: which routes exist, the shapes, paging, the participant lifecycle,
 * search by userIdUUID versus userId, and that every job fault is visible.
 */
import { describe, expect, it } from 'vitest';
import { registerJobModule } from '../../../simulator/modules/job/index.ts';
import { jobFaults } from '../../../simulator/faults/job.ts';
import type { FaultName } from '../../../simulator/faults/index.ts';
import type { HttpMethod } from '../../../simulator/http/router.ts';
import { seedUsers } from '../../../simulator/fixtures/users.ts';
import type { SimVersion } from '../../../simulator/version.ts';
import { list, moduleHarness, pick, type ModuleHarness } from './_harness.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const [ada, , marta, jonas] = seedUsers;
if (!ada || !marta || !jonas) throw new Error('seed users missing');

const harness = (version: SimVersion, faults: readonly FaultName[] = []): ModuleHarness => moduleHarness(registerJobModule, { version, faults });

const job = '/dse/rest/v1.0/dse-object/20481/1';
const participants = '/dse/rest/v1/dse-object/20481/1/participants';

/** [method, concrete path, served in 7.4, served in 8.0] — spec §4.2 row by row, plus the discovery and probe routes. */
const routeTable: readonly [HttpMethod, string, boolean, boolean][] = [
  ['DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', true, false],
  ['GET', '/dse/rest/v1.0/assets/77401/discussion-count', false, true],
  ['GET', '/dse/rest/v1.0/assets/77401/jobs', false, true],
  ['GET', '/dse/rest/v1.0/assets/77401/products', false, true],
  ['GET', `${job}/histories`, false, true],
  ['GET', '/dse/rest/v2/process-types/campaign_approval', false, true],
  ['GET', participants, false, true],
  ['PATCH', participants, false, true],
  ['PUT', participants, false, true],
  ['DELETE', `${participants}/${marta.uuid}`, false, true],
  ['GET', '/dse/rest/v1.0/dashboards/my-active', true, true],
  ['GET', job, true, true],
  ['POST', '/dse/rest/v1.0/jobs/_search', true, true],
  ['GET', '/dse/rest/v1/process-types', true, true],
  ['GET', '/dse/rest/v1.0/jobs/1201/grids/7701/rows', true, true],
];

describe('job module routes per version (spec §4.2)', () => {
  for (const [method, path, in74, in80] of routeTable) {
    it(`${method} ${path}: 7.4 ${in74 ? 'serves' : 'does not serve'}, 8.0 ${in80 ? 'serves' : 'does not serve'}`, () => {
      expect(harness('7.4').route(method, path) !== undefined).toBe(in74);
      expect(harness('8.0').route(method, path) !== undefined).toBe(in80);
    });
  }

  it('every route needs only AUTHENTICATED', () => {
    for (const version of ['7.4', '8.0'] as const) {
      for (const [method, path] of routeTable) {
        const access = harness(version).route(method, path)?.access;
        if (access) expect(access).toEqual({ kind: 'bearer', roles: ['AUTHENTICATED'] });
      }
    }
  });

  it('{version} accepts v<major>[.<minor>] and nothing else (spec §9.2)', async () => {
    const h = harness('8.0');
    for (const segment of ['v1', 'v1.0', 'v2', 'v1.1']) {
      expect((await h.call('GET', `/dse/rest/${segment}/assets/77401/jobs`)).status).toBe(200);
    }
    for (const segment of ['latest', 'v', '1.0', 'v1.0.0', 'V1']) {
      expect((await h.call('GET', `/dse/rest/${segment}/assets/77401/jobs`)).status).toBe(404);
    }
  });
});

describe('my-active (spec §2, §4.2)', () => {
  it('8.0: items with jobInstanceId and assignees by uuid and fullName, offset/limit paging', async () => {
    const first = await harness('8.0').call('GET', '/dse/rest/v1.0/dashboards/my-active');
    expect(first.status).toBe(200);
    expect(pick(first.body, 'total')).toBe(6);
    const items = list(pick(first.body, 'items'));
    expect(items).toHaveLength(5);
    for (const item of items) {
      expect(pick(item, 'jobInstanceId')).toEqual(expect.any(Number));
      const assignees = list(pick(item, 'assignment', 'assignees'));
      expect(assignees.length).toBeGreaterThan(0);
      for (const assignee of assignees) {
        expect(pick(assignee, 'uuid')).toMatch(uuidPattern);
        expect(pick(assignee, 'fullName')).toEqual(expect.any(String));
      }
    }
    const rest = await harness('8.0').call('GET', '/dse/rest/v1.0/dashboards/my-active?offset=5&limit=5');
    expect(list(pick(rest.body, 'items'))).toHaveLength(1);
    expect((await harness('8.0').call('GET', '/dse/rest/v1.0/dashboards/my-active?limit=-1')).status).toBe(400);
  });

  it('8.0 sorts by the sort parameter; 7.4 ignores it', async () => {
    const names = async (version: SimVersion) =>
      list(pick((await harness(version).call('GET', '/dse/rest/v1.0/dashboards/my-active?sort=20&dir=ASC&limit=10')).body, 'items')).map((item) => pick(item, 'name'));
    const byName = await names('8.0');
    expect(byName).toEqual([...byName].sort());
    const legacy = await names('7.4');
    expect(legacy).not.toEqual(byName);
  });

  it('7.4: assignees by numeric id, no uuid', async () => {
    const response = await harness('7.4').call('GET', '/dse/rest/v1.0/dashboards/my-active');
    const assignee = pick(response.body, 'items', 0, 'assignment', 'assignees', 0);
    expect(pick(assignee, 'id')).toEqual(expect.any(Number));
    expect(pick(assignee, 'uuid')).toBeUndefined();
  });
});

describe('jobs/_search (spec §2, §4.2)', () => {
  const search = (h: ModuleHarness, body: unknown) => h.call('POST', '/dse/rest/v1.0/jobs/_search', { body });
  const ids = (body: unknown) => list(pick(body, 'values')).map((value) => pick(value, 'instanceId'));

  it('8.0: userIdUUID and the deprecated userId select the same jobs of that user', async () => {
    const h = harness('8.0');
    const byUuid = await search(h, { userIdUUID: marta.uuid, states: ['ACTIVE', 'PENDING'] });
    const byId = await search(h, { userId: marta.id, states: ['ACTIVE', 'PENDING'] });
    expect(byUuid.status).toBe(200);
    expect(pick(byUuid.body, 'totalCount')).toBeGreaterThan(0);
    expect(ids(byUuid.body)).toEqual(ids(byId.body));
    expect(ids(byUuid.body)).not.toEqual(ids((await search(h, {})).body));
  });

  it('8.0: a numeric or malformed userIdUUID is refused with 400', async () => {
    const h = harness('8.0');
    for (const userIdUUID of [marta.id, String(marta.id), 'not-a-uuid']) {
      expect((await search(h, { userIdUUID })).status).toBe(400);
    }
  });

  it('filters by states and filterId; an unknown filter is 404', async () => {
    const h = harness('8.0');
    const pending = await search(h, { states: ['PENDING'] });
    expect(list(pick(pending.body, 'values')).every((value) => pick(value, 'state') === 'PENDING')).toBe(true);
    const finished = await search(h, { filterId: 103, states: ['ACTIVE'] });
    expect(list(pick(finished.body, 'values')).map((value) => pick(value, 'state'))).toEqual(['FINISHED']);
    expect((await search(h, { filterId: 999 })).status).toBe(404);
    expect((await search(h, { states: ['SLEEPING'] })).status).toBe(400);
  });

  it('pages with from/limit and writes users per version', async () => {
    const page = await search(harness('8.0'), { from: 1, limit: 2 });
    expect(list(pick(page.body, 'values'))).toHaveLength(2);
    expect(pick(page.body, 'values', 0, 'creator', 'uuid')).toMatch(uuidPattern);
    const legacy = await search(harness('7.4'), { userId: marta.id });
    expect(pick(legacy.body, 'values', 0, 'creator', 'uuid')).toBeUndefined();
    expect(pick(legacy.body, 'values', 0, 'creator', 'id')).toEqual(expect.any(Number));
  });

  it('7.4 does not know userIdUUID and searches as the caller', async () => {
    const h = harness('7.4');
    expect(ids((await search(h, { userIdUUID: marta.uuid })).body)).toEqual(ids((await search(h, {})).body));
  });
});

describe('dse-object (spec §4.2)', () => {
  it('8.0: users by UUID; includeHistory adds the history', async () => {
    const h = harness('8.0');
    const plain = await h.call('GET', job);
    expect(plain.status).toBe(200);
    expect(pick(plain.body, 'creator')).toMatchObject({ id: ada.id, uuid: ada.uuid, login: ada.login, fullName: 'Ada Brandt' });
    expect(pick(plain.body, 'assignment', 'group', 'uuid')).toMatch(uuidPattern);
    expect(pick(plain.body, 'histories')).toBeUndefined();
    const withHistory = await h.call('GET', `${job}?includeHistory=true`);
    expect(list(pick(withHistory.body, 'histories')).length).toBeGreaterThan(0);
    expect(pick(withHistory.body, 'histories', 0, 'userIdUUID')).toMatch(uuidPattern);
    expect((await h.call('GET', `${job}?includeHistory=maybe`)).status).toBe(400);
    expect((await h.call('GET', '/dse/rest/v1.0/dse-object/1/1')).status).toBe(404);
  });

  it('7.4: numeric ids only, includeHistory unknown', async () => {
    const response = await harness('7.4').call('GET', `${job}?includeHistory=true`);
    expect(pick(response.body, 'creator', 'uuid')).toBeUndefined();
    expect(pick(response.body, 'histories')).toBeUndefined();
  });

  it('8.0 histories page with offset/limit', async () => {
    const response = await harness('8.0').call('GET', `${job}/histories?limit=2`);
    expect(list(pick(response.body, 'items'))).toHaveLength(2);
    expect(pick(response.body, 'total')).toBe(3);
  });
});

describe('participants (spec §4.2)', () => {
  const uuids = async (h: ModuleHarness) => list((await h.call('GET', participants)).body).map((entry) => pick(entry, 'userUUID'));

  it('GET, PUT replaces, PATCH adds, DELETE removes; history records it', async () => {
    const h = harness('8.0');
    expect(await uuids(h)).toEqual([marta.uuid, jonas.uuid]);
    const put = await h.call('PUT', participants, { body: [ada.uuid] });
    expect(put.status).toBe(200);
    expect(pick(put.body, 'entities', 0)).toMatchObject({ status: 200, entity: ada.uuid });
    expect(await uuids(h)).toEqual([ada.uuid]);
    expect((await h.call('PATCH', participants, { body: [jonas.uuid] })).status).toBe(200);
    expect(await uuids(h)).toEqual([ada.uuid, jonas.uuid]);
    expect((await h.call('DELETE', `${participants}/${ada.uuid}`)).status).toBe(204);
    expect(await uuids(h)).toEqual([jonas.uuid]);
    expect((await h.call('DELETE', `${participants}/${ada.uuid}`)).status).toBe(404);
    const history = await h.call('GET', `${job}/histories?limit=50`);
    expect(list(pick(history.body, 'items')).map((item) => pick(item, 'historyType'))).toContain('REMOVE_PARTICIPANT');
  });

  it('refuses numeric ids (400) and unknown users (404) without changing anything', async () => {
    const h = harness('8.0');
    expect((await h.call('DELETE', `${participants}/${marta.id}`)).status).toBe(400);
    expect((await h.call('PUT', participants, { body: [marta.id] })).status).toBe(400);
    expect((await h.call('PATCH', participants, { body: [String(ada.id)] })).status).toBe(400);
    expect((await h.call('PATCH', participants, { body: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(404);
    expect((await h.call('DELETE', `${participants}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await h.call('GET', '/dse/rest/v1/dse-object/1/1/participants')).status).toBe(404);
    expect(await uuids(h)).toEqual([marta.uuid, jonas.uuid]);
  });

  it('keeps state per platform instance', async () => {
    const first = harness('8.0');
    await first.call('PUT', participants, { body: [] });
    expect(await uuids(first)).toEqual([]);
    expect(await uuids(harness('8.0'))).toEqual([marta.uuid, jonas.uuid]);
  });
});

describe('process types, asset usage and grids (spec §4.2)', () => {
  it('v2 process type by technical name, discoverable from the v1 list', async () => {
    const h = harness('8.0');
    const listed = list((await h.call('GET', '/dse/rest/v1/process-types')).body).map((type) => pick(type, 'technicalName'));
    expect(listed).toContain('campaign_approval');
    const type = await h.call('GET', '/dse/rest/v2/process-types/campaign_approval');
    expect(type.body).toMatchObject({ technicalName: 'campaign_approval', metatype: 'PROCESS', displayName: { en: 'Campaign approval' } });
    expect((await h.call('GET', '/dse/rest/v2/process-types/nope')).status).toBe(404);
  });

  it('jobs and products containing an asset are paginated; discussion count is an integer', async () => {
    const h = harness('8.0');
    const jobs = await h.call('GET', '/dse/rest/v1/assets/77401/jobs?limit=1');
    expect(jobs.body).toMatchObject({ limit: 1, offset: 0, totalCount: 2 });
    expect(list(pick(jobs.body, 'data'))).toHaveLength(1);
    const products = await h.call('GET', '/dse/rest/v2/assets/77401/products');
    expect(pick(products.body, 'totalCount')).toBe(2);
    expect((await h.call('GET', '/dse/rest/v1/assets/77401/discussion-count')).body).toBe(3);
    expect(pick((await h.call('GET', '/dse/rest/v1/assets/1/jobs')).body, 'totalCount')).toBe(0);
    expect((await h.call('GET', '/dse/rest/v1/assets/abc/jobs')).status).toBe(400);
  });

  it('7.4 deletes grid rows in bulk; 8.0 no longer serves the bulk delete', async () => {
    const h = harness('7.4');
    const removed = await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete?rowIds=770101,770103');
    expect(removed).toMatchObject({ status: 200, body: true });
    const rows = list((await h.call('GET', '/dse/rest/v1.0/jobs/1201/grids/7701/rows')).body);
    expect(rows.map((row) => pick(row, 'rowInstanceId'))).toEqual([770102]);
    expect((await harness('8.0').call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', { body: [770101] })).status).toBe(404);
  });

  it('7.4 answers an empty selection with true and deletes nothing; no selection at all is 400', async () => {
    const h = harness('7.4');
    expect(await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete?rowIds=')).toMatchObject({ status: 200, body: true });
    expect(await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', { body: [] })).toMatchObject({ status: 200, body: true });
    expect(list((await h.call('GET', '/dse/rest/v1.0/jobs/1201/grids/7701/rows')).body)).toHaveLength(3);
    expect((await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete')).status).toBe(400);
  });

  it('a job names its grids among its values, by variable instance id', async () => {
    const body = (await harness('8.0').call('GET', job)).body;
    expect(pick(body, 'values', '7701', 'value')).toBe('3');
  });
});

/** For each fault: the version it affects and an observation that differs between a healthy and a faulty instance. */
const faultScenarios: Readonly<Record<keyof typeof jobFaults, { version: SimVersion; observe: (h: ModuleHarness) => Promise<unknown> }>> = {
  'job-removed-grid-delete-still-served': { version: '8.0', observe: async (h) => (await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', { body: [770101] })).status },
  'job-assets-jobs-missing': { version: '8.0', observe: async (h) => (await h.call('GET', '/dse/rest/v1/assets/77401/jobs')).status },
  'job-histories-missing': { version: '8.0', observe: async (h) => (await h.call('GET', `${job}/histories`)).status },
  'job-process-types-v2-missing': { version: '8.0', observe: async (h) => (await h.call('GET', '/dse/rest/v2/process-types/asset_release')).status },
  'job-participants-delete-missing': { version: '8.0', observe: async (h) => (await h.call('DELETE', `${participants}/${marta.uuid}`)).status },
  'job-my-active-uuid-dropped': { version: '8.0', observe: async (h) => pick((await h.call('GET', '/dse/rest/v1.0/dashboards/my-active')).body, 'items', 0, 'assignment', 'assignees', 0, 'uuid') },
  'job-assignee-uuid-not-uuid': { version: '8.0', observe: async (h) => pick((await h.call('GET', '/dse/rest/v1.0/dashboards/my-active')).body, 'items', 0, 'assignment', 'assignees', 0, 'uuid') },
  'job-my-active-assignment-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', '/dse/rest/v1.0/dashboards/my-active')).body, 'items', 0, 'assignment') },
  'job-my-active-job-id-as-string': { version: '7.4', observe: async (h) => pick((await h.call('GET', '/dse/rest/v1.0/dashboards/my-active')).body, 'items', 0, 'jobInstanceId') },
  'job-my-active-paging-ignored': { version: '7.4', observe: async (h) => list(pick((await h.call('GET', '/dse/rest/v1.0/dashboards/my-active?limit=2')).body, 'items')).length },
  'job-sort-rejected': { version: '8.0', observe: async (h) => (await h.call('GET', '/dse/rest/v1.0/dashboards/my-active?sort=-117')).status },
  'job-search-user-id-uuid-ignored': { version: '8.0', observe: async (h) => (await h.call('POST', '/dse/rest/v1.0/jobs/_search', { body: { userIdUUID: jonas.uuid } })).body },
  'job-search-user-id-uuid-numeric-accepted': { version: '8.0', observe: async (h) => (await h.call('POST', '/dse/rest/v1.0/jobs/_search', { body: { userIdUUID: jonas.id } })).status },
  'job-deprecated-user-id-rejected': { version: '8.0', observe: async (h) => (await h.call('POST', '/dse/rest/v1.0/jobs/_search', { body: { userId: jonas.id } })).status },
  'job-include-history-rejected': { version: '8.0', observe: async (h) => (await h.call('GET', `${job}?includeHistory=false`)).status },
  'job-dse-object-user-uuid-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', job)).body, 'creator', 'uuid') },
  'job-dse-object-history-user-uuid-inconsistent': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${job}?includeHistory=true`)).body, 'histories', 0, 'userIdUUID') },
  'job-histories-user-uuid-inconsistent': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${job}/histories`)).body, 'items', 0, 'userIdUUID') },
  'job-participant-numeric-id-accepted': { version: '8.0', observe: async (h) => (await h.call('DELETE', `${participants}/${marta.id}`)).status },
  'job-participants-patch-replaces': {
    version: '8.0',
    observe: async (h) => {
      await h.call('PATCH', participants, { body: [ada.uuid] });
      return list((await h.call('GET', participants)).body).length;
    },
  },
  'job-assets-products-missing': { version: '8.0', observe: async (h) => (await h.call('GET', '/dse/rest/v1/assets/77401/products')).status },
  'job-discussion-count-missing': { version: '8.0', observe: async (h) => (await h.call('GET', '/dse/rest/v1/assets/77401/discussion-count')).status },
  'job-participants-list-uuid-not-uuid': { version: '8.0', observe: async (h) => pick((await h.call('GET', participants)).body, 0, 'userUUID') },
  'job-participants-uuid-body-rejected': { version: '8.0', observe: async (h) => (await h.call('PATCH', participants, { body: [ada.uuid] })).status },
  'job-search-pending-state-rejected': { version: '7.4', observe: async (h) => (await h.call('POST', '/dse/rest/v1.0/jobs/_search', { body: { states: ['ACTIVE', 'PENDING'] } })).status },
  'job-legacy-user-id-missing': { version: '7.4', observe: async (h) => pick((await h.call('GET', job)).body, 'creator', 'id') },
  'job-grid-rows-delete-removed-early': { version: '7.4', observe: async (h) => (await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', { body: [] })).status },
  'job-added-endpoints-served-early': { version: '7.4', observe: async (h) => (await h.call('GET', participants)).status },
  'job-grid-rows-delete-no-content': { version: '7.4', observe: async (h) => (await h.call('DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete?rowIds=770103')).status },
};

describe('job faults (kill matrix inputs)', () => {
  for (const [name, scenario] of Object.entries(faultScenarios)) {
    it(`${name} changes the ${scenario.version} response`, async () => {
      const faultName = Object.keys(jobFaults).find((candidate): candidate is keyof typeof jobFaults => candidate === name);
      if (!faultName) throw new Error(`unknown fault ${name}`);
      expect(jobFaults[faultName].versions).toContain(scenario.version);
      const healthy = await scenario.observe(harness(scenario.version));
      const faulty = await scenario.observe(harness(scenario.version, [faultName]));
      expect(faulty).not.toEqual(healthy);
    });
  }
});
