/**
 * The job participant calls of spec §4.2 (GET, PUT, PATCH, DELETE by
 * `userUUID`) on a scratch job, and putting its participants back: the
 * participant checks leave every job as they found it.
 */
import type { TestContext } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { callersJobs, jobRef, okBody, participantsPath, records, usersNamedIn, type JobRef, type UserPair } from './_job.ts';

/** One listed participant: the user by `userUUID`, and the deprecated numeric `userId` where listed. */
export interface Participant {
  readonly uuid: unknown;
  readonly id: number | undefined;
}

export async function listParticipants(api: PlatformApi, job: JobRef): Promise<Participant[]> {
  const body = okBody(await api.call({ method: 'GET', path: participantsPath, pathParams: pathOf(job) }), `GET ${participantsPath}`);
  return records(body).map((entry) => ({ uuid: entry['userUUID'], id: typeof entry['userId'] === 'number' ? entry['userId'] : undefined }));
}

/** The participants as a sorted list of their UUIDs, to compare whole lists. */
export async function participantUuids(api: PlatformApi, job: JobRef): Promise<string[]> {
  return (await listParticipants(api, job)).map((participant) => String(participant.uuid)).sort();
}

function pathOf(job: JobRef): Record<string, string> {
  return { instanceId: job.instanceId, l10nLocaleId: job.l10nLocaleId };
}

export function putParticipants(api: PlatformApi, job: JobRef, users: readonly unknown[]): Promise<HttpResponse> {
  return api.call({ method: 'PUT', path: participantsPath, pathParams: pathOf(job), json: users });
}

export function patchParticipants(api: PlatformApi, job: JobRef, users: readonly unknown[]): Promise<HttpResponse> {
  return api.call({ method: 'PATCH', path: participantsPath, pathParams: pathOf(job), json: users });
}

export function deleteParticipant(api: PlatformApi, job: JobRef, userUUID: string): Promise<HttpResponse> {
  return api.call({ method: 'DELETE', path: `${participantsPath}/{userUUID}`, pathParams: { ...pathOf(job), userUUID } });
}

export interface Scratch {
  readonly job: JobRef;
  /** The participants before the check. */
  readonly before: readonly Participant[];
  /** Users the caller's jobs name, with both identifiers. */
  readonly users: readonly UserPair[];
}

/**
 * A job of the caller's to change, preferably one with participants: not
 * the lifecycle's participant job (jobInstanceId), whose checks may run at
 * the same time.
 */
export async function scratchJob(test: TestContext, context: SuiteContext): Promise<Scratch> {
  const fixture = await context.fixtures.lookup('jobInstanceId');
  const lifecycleJob = 'value' in fixture ? fixture.value : undefined;
  const jobs = await callersJobs(context.api);
  const candidates = jobs.flatMap((job) => jobRef(job) ?? []).filter((ref) => ref.instanceId !== lifecycleJob);
  let chosen: Scratch | undefined;
  for (const job of candidates) {
    const before = await listParticipants(context.api, job);
    chosen ??= { job, before, users: usersNamedIn(jobs) };
    if (before.length > 0) return { job, before, users: usersNamedIn(jobs) };
  }
  return chosen ?? skipWithReason(test, `the caller has no job besides ${lifecycleJob ?? 'the lifecycle’s'} to change participants on`);
}

/** Runs the body, then puts the job's participants back as they were; the body's failure wins over a cleanup failure. */
export async function restoringParticipants(api: PlatformApi, scratch: Scratch, body: () => Promise<void>): Promise<void> {
  let failure: unknown;
  try {
    await body();
  } catch (error) {
    failure = error;
  }
  try {
    await restore(api, scratch);
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) throw failure;
}

async function restore(api: PlatformApi, { job, before }: Scratch): Promise<void> {
  const wanted = before.map((participant) => String(participant.uuid)).sort();
  if (sameList(await participantUuids(api, job), wanted)) return;
  const replaced = await putParticipants(api, job, wanted);
  if (replaced.status >= 300) {
    // A PUT of the old list refused (an empty list, say): remove and add one by one.
    const current = await participantUuids(api, job);
    for (const extra of current.filter((uuid) => !wanted.includes(uuid))) await deleteParticipant(api, job, extra);
    const missing = wanted.filter((uuid) => !current.includes(uuid));
    if (missing.length > 0) await patchParticipants(api, job, missing);
  }
  const after = await participantUuids(api, job);
  if (!sameList(after, wanted)) throw new Error(`cleanup failed: job ${job.instanceId} has participants [${after.join(', ')}] instead of [${wanted.join(', ')}]`);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
