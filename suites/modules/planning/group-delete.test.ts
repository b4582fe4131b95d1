/**
 * DELETE /group/{id} (deprecated in 8.0, still served; spec §4.3) removes
 * the group: GET /group/{id} answers 404 afterwards. The check deletes a
 * group it created.
 */
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { deleteGroup, readGroup, withScratchGroup } from './_groups.ts';
import { labelsFor, scratchName } from './_planning.ts';

check(
  {
    id: 'planning.group-delete-removes',
    title: 'a deleted group is gone: GET /group/{id} answers 404',
    labels: labelsFor('planning.group-delete', '§4.3'),
    // A DELETE that answers 500 is served (spec §4.3) but breaks its promise: a failure, not a skip.
    killedBy: ['planning-group-delete-ignored', 'planning-writes-server-error'], observedBy: ['planning-group-writes-removed-early'],
  },
  async (test) => {
    const context = await suiteContext();
    await withScratchGroup(test, context, { name: scratchName('group'), inherit: false }, async ({ id }) => {
      const deleted = await deleteGroup(context.api, id);
      expectStatus(deleted, { call: sentCall('DELETE', deleted), spec: '§4.3', promise: 'lists DELETE /group/{id} as served' });
      const read = await readGroup(context.api, id);
      await observe(test, `DELETE ${deleted.status}, then GET ${read.status}`);
      expect(read.status, 'GET /group/{id} after the delete').toBe(404);
      return 'deleted';
    });
  },
);
