/**
 * Writes participant changes into the job's history, as the platform logs
 * ADD_PARTICIPANT / REMOVE_PARTICIPANT items (vendor DseHistoryType).
 */
import type { JobFixtures, JobRecord } from '../../fixtures/job.ts';
import type { SeedUser } from '../../fixtures/users.ts';

export function recordParticipantChange(
  state: JobFixtures,
  job: JobRecord,
  actorId: number,
  kind: 'ADD_PARTICIPANT' | 'REMOVE_PARTICIPANT',
  participant: SeedUser,
): void {
  const items = state.histories.get(job.instanceId) ?? [];
  items.push({
    id: state.nextHistoryId,
    changeId: items.length + 1,
    userId: actorId,
    date: new Date().toISOString(),
    historyType: kind,
    variableTechnicalName: 'participants',
    note: '',
    oldValue: kind === 'REMOVE_PARTICIPANT' ? participant.uuid : '',
    newValue: kind === 'ADD_PARTICIPANT' ? participant.uuid : '',
    userComment: '',
  });
  state.nextHistoryId += 1;
  state.histories.set(job.instanceId, items);
}
