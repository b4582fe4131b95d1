/**
 * Spec §4.2: the participant endpoints added in 8.0 address users by UUID
 * ("`userUUID` is a UUID"). PATCH adds participants without replacing the
 * existing ones, PUT adds them replacing the existing ones, DELETE
 * …/{userUUID} removes one, GET lists them; a numeric user id where the
 * UUID belongs is refused and changes nothing (§9.3: old identifiers "in
 * some operations no longer usable").
 *
 * Both checks change a scratch job and put its participants back; they
 * share it, so they live in this one file and run one after the other.
 */
import { expect } from 'vitest';
import { expectStatus } from '../../../src/check/status-finding.ts';
import { check } from '../../../src/check/check.ts';
import { requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { entryLabels, jobEntry, skipUnlessServed } from './_job.ts';
import { deleteParticipant, participantUuids, patchParticipants, putParticipants, restoringParticipants, scratchJob } from './_participants.ts';

const participantsList = jobEntry('job.participants-list');
const participantRemove = jobEntry('job.participant-remove');

function expectSuccess(response: HttpResponse, what: string): void {
  expectStatus(response, { call: `${what} ${new URL(response.url).pathname}`, spec: '§4.2, §9.3', promise: 'lists the participant writes by user UUID as served in 8.0' });
}

function expectRefused(response: HttpResponse, what: string): void {
  expect(response.status, `status of ${what}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `status of ${what}`).toBeLessThan(500);
}

check(
  {
    id: 'job.participants.by-uuid',
    title: 'participants are added (PATCH), replaced (PUT), removed (DELETE) and listed (GET) by user UUID',
    labels: entryLabels(participantsList, '§4.2'),
    killedBy: ['job-participants-patch-replaces', 'job-participants-list-uuid-not-uuid', 'job-participants-uuid-body-rejected'], observedBy: ['job-participants-delete-missing'],
  },
  async (test) => {
    const context = await suiteContext();
    const { api, target } = context;
    await skipUnlessServed(test, participantsList, target.version);
    await requireMutationsAllowed(test, target, `PATCH, PUT and DELETE ${participantsList.path}`);
    const scratch = await scratchJob(test, context);
    const { job } = scratch;
    const before = scratch.before.map((participant) => String(participant.uuid));
    const [first, second] = scratch.users.filter((user) => !before.includes(user.uuid));
    if (!first || !second) return skipWithReason(test, `needs two users who are not participants of job ${job.instanceId}; the caller’s jobs name ${scratch.users.length}`);
    await observe(test, `job ${job.instanceId}: ${before.length} participants before`);
    const sorted = (uuids: readonly string[]): string[] => [...uuids].sort();
    await restoringParticipants(api, scratch, async () => {
      expectSuccess(await patchParticipants(api, job, [first.uuid]), `PATCH [${first.fullName}]`);
      expect(await participantUuids(api, job), 'participants after PATCH adds one').toEqual(sorted([...before, first.uuid]));
      expectSuccess(await patchParticipants(api, job, [second.uuid]), `PATCH [${second.fullName}]`);
      expect(await participantUuids(api, job), 'participants after a second PATCH (adds, does not replace)').toEqual(sorted([...before, first.uuid, second.uuid]));
      expectSuccess(await putParticipants(api, job, [second.uuid]), `PUT [${second.fullName}]`);
      expect(await participantUuids(api, job), 'participants after PUT (replaces)').toEqual([second.uuid]);
      expect((await deleteParticipant(api, job, second.uuid)).status, `DELETE …/participants/{${second.fullName}’s UUID}`).toBe(204);
      expect(await participantUuids(api, job), 'participants after DELETE').toEqual([]);
    });
  },
);

check(
  {
    id: 'job.participants.numeric-id-rejected',
    title: 'the participant endpoints refuse numeric user ids where a UUID is required',
    labels: entryLabels(participantRemove, '§9.3'),
    killedBy: ['job-participant-numeric-id-accepted'],
  },
  async (test) => {
    const context = await suiteContext();
    const { api, target } = context;
    await skipUnlessServed(test, participantRemove, target.version);
    await requireMutationsAllowed(test, target, `PATCH, PUT and DELETE ${participantRemove.path} with numeric ids`);
    const scratch = await scratchJob(test, context);
    const { job } = scratch;
    const before = await participantUuids(api, job);
    const participantIds = scratch.before.map((participant) => participant.id ?? scratch.users.find((user) => user.uuid === participant.uuid)?.id);
    const participantId = participantIds.find((id) => id !== undefined);
    const outsider = scratch.users.find((user) => !scratch.before.some((participant) => participant.uuid === user.uuid));
    if (participantId === undefined || !outsider) {
      return skipWithReason(test, `needs a job with a participant of known numeric id and a user outside it; job ${job.instanceId} has ${before.length} participants`);
    }
    await observe(test, `job ${job.instanceId}: numeric ids ${outsider.id} (PATCH, PUT) and ${participantId} (DELETE)`);
    await restoringParticipants(api, scratch, async () => {
      expectRefused(await patchParticipants(api, job, [outsider.id]), `PATCH [${outsider.id}]`);
      expect(await participantUuids(api, job), 'participants after a refused PATCH').toEqual(before);
      expectRefused(await putParticipants(api, job, [outsider.id]), `PUT [${outsider.id}]`);
      expect(await participantUuids(api, job), 'participants after a refused PUT').toEqual(before);
      expectRefused(await deleteParticipant(api, job, String(participantId)), `DELETE …/participants/${participantId}`);
      expect(await participantUuids(api, job), 'participants after a refused DELETE').toEqual(before);
    });
  },
);
