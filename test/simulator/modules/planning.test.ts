/**
 * Conformance of the simulator's planning module (spec §2, §4.3, §9) for 7.4
 * and 8.0: routes per version, the group lifecycle with `uid`, node copy with
 * `filteredIds`, the icon download's breaking change, fees, views, and that
 * every planning fault is visible.
 */
import { describe, expect, it } from 'vitest';
import { registerPlanningModule } from '../../../simulator/modules/planning/index.ts';
import { planningFaults } from '../../../simulator/faults/planning.ts';
import type { FaultName } from '../../../simulator/faults/index.ts';
import type { HttpMethod } from '../../../simulator/http/router.ts';
import { seedUsers } from '../../../simulator/fixtures/users.ts';
import type { SimVersion } from '../../../simulator/version.ts';
import { list, moduleHarness, pick, type ModuleHarness } from './_harness.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const [ada, , marta] = seedUsers;
if (!ada || !marta) throw new Error('seed users missing');

const api = '/maps/rest/api/v1';
const harness = (version: SimVersion, faults: readonly FaultName[] = []): ModuleHarness => moduleHarness(registerPlanningModule, { version, faults });

/** [method, concrete path, served in 7.4, served in 8.0] — spec §4.3 row by row, plus discovery and probe routes. */
const routeTable: readonly [HttpMethod, string, boolean, boolean][] = [
  ['POST', `${api}/group`, true, true],
  ['DELETE', `${api}/group/11`, true, true],
  ['PUT', `${api}/group/11`, true, true],
  ['POST', `${api}/node/7004/copy/7003`, true, true],
  ['POST', `${api}/node/7004/copy-extended/7003`, true, true],
  ['GET', `${api}/usergroups/all`, true, true],
  ['GET', `${api}/usergroups/user/1042`, true, true],
  ['PUT', `${api}/usergroups/user/1042`, true, true],
  ['GET', `${api}/node-type/icons/download/2`, true, true],
  ['GET', `${api}/dimension/node-allchildren/7001`, false, true],
  ['GET', `${api}/fee`, false, true],
  ['GET', `${api}/group`, false, true],
  ['GET', `${api}/view/lastused/user/1042`, false, true],
  ['GET', `${api}/task/node-allchildren/7001`, false, true],
  ['GET', `${api}/node/allchildren/7001`, false, true],
  ['POST', `${api}/view`, false, true],
  ['GET', `${api}/view/all`, false, true],
  ['GET', `${api}/view/log/download/301`, false, true],
  ['GET', `${api}/view/301`, false, true],
  ['PUT', `${api}/view/301`, false, true],
  ['PUT', `${api}/dimension/node/7004`, true, true],
  ['GET', `${api}/tree`, true, true],
  ['GET', `${api}/node/root/7`, true, true],
  ['GET', `${api}/node/7001`, true, true],
  ['GET', `${api}/node-type`, true, true],
  ['GET', `${api}/dimension`, true, true],
  ['GET', `${api}/dimension/node/7004`, true, true],
  ['GET', `${api}/group/11`, true, true],
  ['GET', `${api}/group/node/7001`, true, true],
  ['DELETE', `${api}/node/7004`, true, true],
  ['GET', `${api}/view/public/all`, true, true],
  ['DELETE', `${api}/view/302`, false, true],
];

describe('planning module routes per version (spec §4.3)', () => {
  for (const [method, path, in74, in80] of routeTable) {
    it(`${method} ${path}: 7.4 ${in74 ? 'serves' : 'does not serve'}, 8.0 ${in80 ? 'serves' : 'does not serve'}`, () => {
      expect(harness('7.4').route(method, path) !== undefined).toBe(in74);
      expect(harness('8.0').route(method, path) !== undefined).toBe(in80);
      const access = harness('8.0').route(method, path)?.access;
      if (access) expect(access).toEqual({ kind: 'bearer', roles: ['AUTHENTICATED'] });
    });
  }

  it('{version} accepts v<major>[.<minor>] (spec §9.2) and the alias latest (the vendor\'s 8.0 planning document), nothing else', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      const h = harness(version);
      for (const segment of ['v1', 'v1.0', 'v2', 'v3.12', 'latest']) expect((await h.call('GET', `/maps/rest/api/${segment}/tree`)).status, `${version} ${segment}`).toBe(200);
      for (const segment of ['Latest', 'latest1', '1', 'v1.2.3', 'v']) expect((await h.call('GET', `/maps/rest/api/${segment}/tree`)).status, `${version} ${segment}`).toBe(404);
    }
  });

  it('7.4: the 8.0 group list is absent (405 beside the served POST /group)', async () => {
    expect((await harness('7.4').call('GET', `${api}/group`)).status).toBe(405);
    expect((await harness('7.4').call('GET', `${api}/fee`)).status).toBe(404);
  });
});

describe('groups (spec §2, §4.3)', () => {
  it('8.0: create with and without uid, list shows it, update, delete', async () => {
    const h = harness('8.0');
    const withUid = await h.call('POST', `${api}/group`, { body: { name: 'Brand Council', uid: 'brand-council' } });
    expect(withUid.status).toBe(201);
    expect(withUid.body).toMatchObject({ id: expect.any(String), name: 'Brand Council', uid: 'brand-council' });
    const generated = await h.call('POST', `${api}/group`, { body: { name: 'Web Team' } });
    expect(pick(generated.body, 'uid')).toMatch(uuidPattern);
    const id = String(pick(withUid.body, 'id'));

    const listed = list((await h.call('GET', `${api}/group`)).body);
    expect(listed.every((group) => typeof pick(group, 'uid') === 'string' && typeof pick(group, 'id') === 'string')).toBe(true);
    expect(listed.map((group) => pick(group, 'id'))).toContain(id);

    expect((await h.call('PUT', `${api}/group/${id}`, { body: { name: 'Brand Board', uid: 'brand-board' } })).status).toBe(204);
    expect((await h.call('GET', `${api}/group/${id}`)).body).toMatchObject({ name: 'Brand Board', uid: 'brand-board' });
    expect((await h.call('POST', `${api}/group`, { body: { name: 'Clash', uid: 'brand-board' } })).status).toBe(409);

    expect((await h.call('DELETE', `${api}/group/${id}`)).status).toBe(204);
    expect(list((await h.call('GET', `${api}/group`)).body).map((group) => pick(group, 'id'))).not.toContain(id);
    expect((await h.call('GET', `${api}/group/${id}`)).status).toBe(404);
    expect((await h.call('DELETE', `${api}/group/${id}`)).status).toBe(404);
  });

  it('7.4: no uid anywhere; the lifecycle still works', async () => {
    const h = harness('7.4');
    const created = await h.call('POST', `${api}/group`, { body: { name: 'Brand Council', uid: 'ignored' } });
    expect(created.status).toBe(201);
    expect(pick(created.body, 'uid')).toBeUndefined();
    const id = String(pick(created.body, 'id'));
    expect((await h.call('DELETE', `${api}/group/${id}`)).status).toBe(204);
    expect((await h.call('GET', `${api}/group/${id}`)).status).toBe(404);
    expect((await h.call('POST', `${api}/group`, { body: {} })).status).toBe(400);
  });
});

describe('user groups, deprecated (spec §4.3)', () => {
  it('reads and replaces memberships by numeric id; 8.0 also by UUID', async () => {
    const h = harness('8.0');
    expect(pick((await h.call('GET', `${api}/usergroups/all`)).body, String(ada.id))).toEqual([{ groupId: 11, roleId: 3 }]);
    expect((await h.call('PUT', `${api}/usergroups/user/${marta.uuid}`, { body: [{ groupId: 11, roleId: 1 }] })).status).toBe(204);
    expect((await h.call('GET', `${api}/usergroups/user/${marta.id}`)).body).toEqual([{ groupId: 11, roleId: 1 }]);
    expect((await h.call('PUT', `${api}/usergroups/user/${marta.id}`, { body: [{ groupId: 99, roleId: 1 }] })).status).toBe(400);
    expect((await h.call('GET', `${api}/usergroups/user/9999`)).status).toBe(404);
    expect((await harness('7.4').call('GET', `${api}/usergroups/user/${marta.uuid}`)).status).toBe(400);
  });
});

describe('nodes, copy and children (spec §2, §4.3)', () => {
  it('discovers nodes from trees; 8.0 lists all children', async () => {
    const h = harness('8.0');
    const trees = list((await h.call('GET', `${api}/tree`)).body);
    expect(trees.map((tree) => pick(tree, 'id'))).toEqual([7, 8]);
    expect(pick((await h.call('GET', `${api}/node/root/7`)).body, 'id')).toBe(7001);
    const children = await h.call('GET', `${api}/node/allchildren/7001`);
    expect(pick(children.body, 'totalElements')).toBe(5);
    expect(pick(children.body, 'content', 0, 'respPerson', 'uuid')).toMatch(uuidPattern);
    expect(pick((await h.call('GET', `${api}/node/allchildren/7001?level=1`)).body, 'totalElements')).toBe(2);
  });

  it('8.0 copies only the filteredIds descendants; 7.4 copies the whole subtree', async () => {
    const h = harness('8.0');
    const copy = await h.call('POST', `${api}/node/7002/copy/7003`, { body: { copyTasks: true, filteredIds: ['7004'] } });
    expect(copy.status).toBe(201);
    expect(pick(copy.body, 'parentId')).toBe(7003);
    const copied = list(pick((await h.call('GET', `${api}/node/allchildren/${String(pick(copy.body, 'id'))}`)).body, 'content'));
    expect(copied.map((node) => pick(node, 'name'))).toEqual(['Germany Spring Campaign']);
    const full = await h.call('POST', `${api}/node/7002/copy/7003`, { body: {} });
    expect(pick((await h.call('GET', `${api}/node/allchildren/${String(pick(full.body, 'id'))}`)).body, 'totalElements')).toBe(2);

    const legacy = harness('7.4');
    const legacyCopy = await legacy.call('POST', `${api}/node/7002/copy/7003`, { body: { filteredIds: ['7004'] } });
    expect(legacyCopy.status).toBe(201);
    expect(pick(legacyCopy.body, 'leaf')).toBe(false);
    expect((await h.call('POST', `${api}/node/7001/copy/7004`, { body: {} })).status).toBe(400);
    expect((await h.call('POST', `${api}/node/7002/copy/7003`, { body: { filteredIds: 'x' } })).status).toBe(400);
  });

  it('the replacement copy-extended reads filteredIds in both versions', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      const h = harness(version);
      const copy = await h.call('POST', `${api}/node/7002/copy-extended/7003`, { body: { filteredIds: [7005] } });
      expect(copy.status).toBe(201);
      const id = Number(pick(copy.body, 'id'));
      expect(pick((await h.call('GET', `${api}/node/${id + 1}`)).body, 'name')).toBe('UK Trade Fair');
      expect((await h.call('GET', `${api}/node/${id + 2}`)).status).toBe(404);
    }
  });

  it('8.0 lists tasks and dimension values of all children', async () => {
    const h = harness('8.0');
    const tasks = await h.call('GET', `${api}/task/node-allchildren/7002`);
    expect(list(pick(tasks.body, 'content')).map((task) => pick(task, 'id'))).toEqual([9101, 9102, 9104, 9103]);
    const byJobType = await h.call('GET', `${api}/task/node-allchildren/7001?jobTypeIds=4`);
    expect(list(pick(byJobType.body, 'content')).map((task) => pick(task, 'id'))).toEqual([9105]);
    const values = await h.call('GET', `${api}/dimension/node-allchildren/7002?dimensionids=42`);
    expect(list(pick(values.body, 'content')).map((entry) => pick(entry, 'nodeId'))).toEqual([7004, 7005]);
    // The vendor's document requires dimensionids.
    expect((await h.call('GET', `${api}/dimension/node-allchildren/7002`)).status).toBe(400);
  });
});

describe('icon download, breaking change (spec §4.3)', () => {
  it('7.4 answers an object, 8.0 a string', async () => {
    const legacy = await harness('7.4').call('GET', `${api}/node-type/icons/download/2`);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ typeId: 2, contentType: 'image/png' });
    const current = await harness('8.0').call('GET', `${api}/node-type/icons/download/2`);
    expect(current.headers['content-type']).toBe('application/json');
    expect(typeof current.body).toBe('string');
    expect((await harness('8.0').call('GET', `${api}/node-type/icons/download/99`)).status).toBe(404);
  });
});

describe('dimension node values (spec §4.3 "changed")', () => {
  const update = [{ dimensionId: 42, dimensionType: 'M_SELECTABLE_DIMENSION_TYPE', values: [{ id: 4203 }] }];

  it('sets values in both versions; only 8.0 accepts the node metadata', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      const h = harness(version);
      expect((await h.call('PUT', `${api}/dimension/node/7004`, { body: update })).status).toBe(204);
      const values = list((await h.call('GET', `${api}/dimension/node/7004`)).body);
      expect(values.find((entry) => pick(entry, 'dimensionId') === 42)).toMatchObject({ values: [{ id: 4203, value: 'Events' }] });
    }
    const withMetadata = [{ ...update[0], nodeId: 7004 }];
    expect((await harness('8.0').call('PUT', `${api}/dimension/node/7004`, { body: withMetadata })).status).toBe(204);
    expect((await harness('7.4').call('PUT', `${api}/dimension/node/7004`, { body: withMetadata })).status).toBe(400);
    expect((await harness('8.0').call('PUT', `${api}/dimension/node/7004`, { body: [{ dimensionId: 41, values: [] }] })).status).toBe(400);
  });
});

describe('fees (spec §2, §4.3)', () => {
  it('8.0 lists fees with numeric amounts, narrowed by query', async () => {
    const h = harness('8.0');
    const all = await h.call('GET', `${api}/fee`);
    const fees = list(pick(all.body, 'fees'));
    expect(fees).toHaveLength(4);
    for (const fee of fees) {
      expect(pick(fee, 'type')).toEqual(expect.any(String));
      expect(pick(fee, 'amount')).toEqual(expect.any(Number));
    }
    const agency = await h.call('GET', `${api}/fee?query=agency`);
    expect(list(pick(agency.body, 'fees')).map((fee) => pick(fee, 'name'))).toEqual(['Agency fee']);
    expect(pick((await h.call('GET', `${api}/fee?query=absolute`)).body, 'totalElements')).toBe(2);
  });
});

describe('views (spec §2, §4.3)', () => {
  it('create, list, read with includes, update, last used, log', async () => {
    const h = harness('8.0');
    const created = await h.call('POST', `${api}/view`, { body: { viewName: 'Launch tracker', accessType: 'PUBLIC_ACCESS', useSimpleQuery: true, groups: [11] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), accessType: 'PUBLIC_ACCESS', creatorId: ada.uuid });
    const id = String(pick(created.body, 'id'));
    expect(list(pick((await h.call('GET', `${api}/view/all`)).body, 'content')).map((view) => pick(view, 'id'))).toContain(id);
    const detailed = await h.call('GET', `${api}/view/${id}?includes=groups,sort`);
    expect(pick(detailed.body, 'groups', 0, 'uid')).toEqual(expect.any(String));
    expect(pick(detailed.body, 'sort')).toEqual([]);
    expect(pick((await h.call('GET', `${api}/view/${id}`)).body, 'groups')).toBeUndefined();
    expect((await h.call('PUT', `${api}/view/${id}`, { body: { viewName: 'Launch board' } })).status).toBe(204);
    expect(pick((await h.call('GET', `${api}/view/lastused/user/${ada.uuid}`)).body, 'viewName')).toBe('Launch board');
    expect((await h.call('GET', `${api}/view/lastused/user/${ada.id}?includes=filters`)).status).toBe(200);
    expect((await h.call('GET', `${api}/view/lastused/user/1077`)).status).toBe(204);
    expect((await h.call('PUT', `${api}/view/303`, { body: { viewName: 'mine now' } })).status).toBe(403);
    const log = await h.call('GET', `${api}/view/log/download/301`);
    expect(log.headers['content-type']).toContain('text/plain');
    expect(String(log.body)).toContain('migrated');
    expect((await h.call('GET', `${api}/view/302`, { user: marta })).status).toBe(404);
  });

  it('creatorId is the creator UUID', async () => {
    const view = await harness('8.0').call('GET', `${api}/view/303`);
    expect(pick(view.body, 'creatorId')).toBe(marta.uuid);
  });
});

const faultScenarios: Readonly<Record<keyof typeof planningFaults, { version: SimVersion; observe: (h: ModuleHarness) => Promise<unknown> }>> = {
  'planning-group-uid-missing': { version: '8.0', observe: async (h) => pick((await h.call('POST', `${api}/group`, { body: { name: 'X' } })).body, 'uid') },
  'planning-group-list-missing': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/group`)).status },
  'planning-group-delete-ignored': {
    version: '7.4',
    observe: async (h) => {
      await h.call('DELETE', `${api}/group/13`);
      return (await h.call('GET', `${api}/group/13`)).status;
    },
  },
  'planning-group-writes-removed-early': { version: '7.4', observe: async (h) => (await h.call('POST', `${api}/group`, { body: { name: 'X' } })).status },
  'planning-writes-server-error': {
    version: '7.4',
    observe: async (h) => [
      (await h.call('PUT', `${api}/group/13`, { body: { name: 'Renamed' } })).status,
      (await h.call('DELETE', `${api}/group/13`)).status,
      (await h.call('GET', `${api}/group/13`)).status,
    ],
  },
  'planning-node-copy-removed-early': { version: '8.0', observe: async (h) => (await h.call('POST', `${api}/node/7002/copy/7003`, { body: {} })).status },
  'planning-usergroups-removed-early': { version: '7.4', observe: async (h) => (await h.call('GET', `${api}/usergroups/all`)).status },
  'planning-usergroups-all-no-content': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/usergroups/all`)).status },
  'planning-icon-string-before-8.0': { version: '7.4', observe: async (h) => typeof (await h.call('GET', `${api}/node-type/icons/download/1`)).body },
  'planning-dimension-node-update-missing': { version: '8.0', observe: async (h) => (await h.call('PUT', `${api}/dimension/node/7004`, { body: [] })).status },
  'planning-user-uuid-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${api}/node/7001`)).body, 'respPerson', 'uuid') },
  'planning-additions-served-early': { version: '7.4', observe: async (h) => (await h.call('GET', `${api}/fee`)).status },
  'planning-icon-still-object': { version: '8.0', observe: async (h) => typeof (await h.call('GET', `${api}/node-type/icons/download/1`)).body },
  'planning-fee-amount-string': { version: '8.0', observe: async (h) => typeof pick((await h.call('GET', `${api}/fee`)).body, 'fees', 0, 'amount') },
  'planning-fee-query-rejected': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/fee?query=fee`)).status },
  'planning-filtered-ids-rejected': { version: '8.0', observe: async (h) => (await h.call('POST', `${api}/node/7002/copy/7003`, { body: { filteredIds: ['7004'] } })).status },
  'planning-dimension-node-metadata-rejected': {
    version: '8.0',
    observe: async (h) => (await h.call('PUT', `${api}/dimension/node/7004`, { body: [{ dimensionId: 43, values: [{ value: 'X' }], nodeId: 7004 }] })).status,
  },
  'planning-node-allchildren-missing': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/node/allchildren/7001`)).status },
  'planning-view-creator-not-uuid': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${api}/view/301`)).body, 'creatorId') },
  'planning-node-allchildren-direct-only': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/node/allchildren/7001`)).body },
  'planning-view-log-download-missing': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/view/log/download/301`)).status },
  'planning-views-missing': { version: '8.0', observe: async (h) => (await h.call('GET', `${api}/view/all`)).status },
};

describe('planning faults (kill matrix inputs)', () => {
  for (const [name, scenario] of Object.entries(faultScenarios)) {
    it(`${name} changes the ${scenario.version} response`, async () => {
      const faultName = Object.keys(planningFaults).find((candidate): candidate is keyof typeof planningFaults => candidate === name);
      if (!faultName) throw new Error(`unknown fault ${name}`);
      expect(planningFaults[faultName].versions).toContain(scenario.version);
      const healthy = await scenario.observe(harness(scenario.version));
      const faulty = await scenario.observe(harness(scenario.version, [faultName]));
      expect(faulty).not.toEqual(healthy);
    });
  }
});

describe('cleanup and discovery routes of the vendor documents (both versions)', () => {
  it('DELETE /node/{id} removes the node with its subtree; a tree root stays', async () => {
    const h = harness('7.4');
    expect((await h.call('DELETE', `${api}/node/7002`)).status).toBe(204);
    for (const gone of [7002, 7004, 7005]) expect((await h.call('GET', `${api}/node/${gone}`)).status).toBe(404);
    expect((await h.call('GET', `${api}/node/7003`)).status).toBe(200);
    expect((await h.call('DELETE', `${api}/node/7001`)).status).toBe(400);
  });

  it('GET /group/node/{nodeId} lists the assigned groups, with uid in 8.0; a deleted group drops out', async () => {
    const h = harness('8.0');
    const assigned = list((await h.call('GET', `${api}/group/node/7001`)).body);
    expect(assigned.map((group) => pick(group, 'id'))).toEqual(['11', '13']);
    expect(pick(assigned[0], 'uid')).toEqual(expect.any(String));
    await h.call('DELETE', `${api}/group/13`);
    expect(list((await h.call('GET', `${api}/group/node/7001`)).body).map((group) => pick(group, 'id'))).toEqual(['11']);
    expect(pick(list((await harness('7.4').call('GET', `${api}/group/node/7001`)).body)[0], 'uid')).toBeUndefined();
  });

  it('GET /view/public/all: 7.4 the old {viewId, viewName}, 8.0 the full view', async () => {
    expect((await harness('7.4').call('GET', `${api}/view/public/all`)).body).toEqual([{ viewId: 301, viewName: 'Campaign overview' }]);
    expect(list((await harness('8.0').call('GET', `${api}/view/public/all`)).body)[0]).toMatchObject({ id: '301', accessType: 'PUBLIC_ACCESS', creatorId: ada.uuid });
  });

  it('8.0 DELETE /view/{viewId}: only the creator; the view and its last-used mark are gone', async () => {
    const h = harness('8.0');
    expect((await h.call('DELETE', `${api}/view/303`)).status).toBe(403);
    expect((await h.call('DELETE', `${api}/view/301`)).status).toBe(204);
    expect((await h.call('GET', `${api}/view/301`)).status).toBe(404);
    expect((await h.call('GET', `${api}/view/lastused/user/${ada.uuid}`)).status).toBe(204);
  });

  it('includes=filterSort (the vendor value) adds filters and sort', async () => {
    const view = (await harness('8.0').call('GET', `${api}/view/301?includes=filterSort`)).body;
    expect(pick(view, 'filters')).toEqual(expect.any(Array));
    expect(pick(view, 'sort')).toEqual(expect.any(Array));
    expect(pick(view, 'groups')).toBeUndefined();
  });
});
