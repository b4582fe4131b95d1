/**
 * Planning group `uid` in 8.0 (spec §2 "Group (planning)": optional on
 * create and update requests, present in responses; spec §4.3). Each check
 * works on a group it creates and deletes again.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { groupUpdate, readGroup, withScratchGroup } from './_groups.ts';
import { labelsFor, requireChange, scratchName, uuidPattern } from './_planning.ts';

/**
 * The checks send UUIDs as uids: a platform may store such a uid as a UUID and write it back with upper-case hex
 * digits, the same UUID (RFC 9562 §4), so a UUID is compared in lower case; any other string as it is.
 */
const uidOf = (body: unknown): unknown => {
  const uid = typeof body === 'object' && body !== null && 'uid' in body ? body.uid : undefined;
  return typeof uid === 'string' && uuidPattern.test(uid) ? uid.toLowerCase() : uid;
};

check(
  {
    id: 'planning.group-uid-echoed',
    title: 'a group created with a uid answers with that uid, and GET /group/{id} shows it',
    labels: labelsFor('planning.group-create', '§2'),
    killedBy: ['planning-group-uid-missing'], observedBy: ['planning-group-writes-removed-early'],
  },
  async (test) => {
    await requireChange(test, 'planning.group-create', 'the group uid');
    const context = await suiteContext();
    const uid = randomUUID();
    await withScratchGroup(test, context, { name: scratchName('group'), inherit: false, uid }, async ({ id, body }) => {
      expect(uidOf(body), 'uid of the POST /group response').toBe(uid);
      const read = await readGroup(context.api, id);
      expect(read.status, 'status of GET /group/{id} after the POST').toBe(200);
      expect(uidOf(read.json()), 'uid of GET /group/{id}').toBe(uid);
    });
  },
);

check(
  {
    id: 'planning.group-uid-generated',
    title: 'a group created without a uid still has one in the response, and GET /group/{id} shows the same',
    labels: labelsFor('planning.group-create', '§2'),
    killedBy: ['planning-group-uid-missing'], observedBy: ['planning-group-writes-removed-early'],
  },
  async (test) => {
    await requireChange(test, 'planning.group-create', 'the group uid');
    const context = await suiteContext();
    await withScratchGroup(test, context, { name: scratchName('group'), inherit: false }, async ({ id, body }) => {
      const uid = uidOf(body);
      await observe(test, `uid ${typeof uid === 'string' ? 'generated' : 'missing'}`);
      expect(typeof uid === 'string' && uid.trim() !== '', 'a non-empty uid string in the POST /group response').toBe(true);
      expect(uidOf((await readGroup(context.api, id)).json()), 'uid of GET /group/{id}').toBe(uid);
    });
  },
);

check(
  {
    id: 'planning.group-uid-updated',
    title: 'PUT /group/{id} with a new uid changes it, and GET /group/{id} shows the new one',
    labels: labelsFor('planning.group-update', '§2'),
    // A PUT that answers 500 changes no uid (spec §4.3 serves PUT /group/{id}): a failure, not a skip.
    killedBy: ['planning-group-uid-missing', 'planning-writes-server-error'], observedBy: ['planning-group-writes-removed-early'],
  },
  async (test) => {
    await requireChange(test, 'planning.group-create', 'the group uid');
    const context = await suiteContext();
    await withScratchGroup(test, context, { name: scratchName('group'), inherit: false }, async ({ id }) => {
      const uid = randomUUID();
      const updated = await context.api.call({ method: groupUpdate.method, path: groupUpdate.path, pathParams: { id }, json: { uid } });
      expectStatus(updated, { call: sentCall(groupUpdate.method, updated), spec: '§2, §4.3', promise: `makes uid optional on ${groupUpdate.method} ${groupUpdate.path} (spec §2 "Group")` });
      expect(uidOf((await readGroup(context.api, id)).json()), 'uid of GET /group/{id} after the update').toBe(uid);
    });
  },
);
