/**
 * The job participant endpoints, added in 8.0 (spec §4.2, tag
 * DseObjectParticipantRestService), under
 * /dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants:
 *
 * - GET lists the participants (DseJobParticipantDto[]);
 * - PUT sets them, replacing the existing ones;
 * - PATCH adds them without replacing the existing ones;
 * - DELETE …/{userUUID} removes one (204; not a participant: 404).
 *
 * PUT and PATCH take a JSON array of user UUIDs and answer with the vendor's
 * IndividualStatusesDto: one status per UUID. A malformed entry (a numeric id
 * included) fails the whole request with 400, an unknown user with 404, and
 * nothing changes. Participants live per platform instance.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures, JobRecord } from '../../fixtures/job.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { findUserByUuid } from '../../fixtures/user-directory.ts';
import { isUuid } from '../../fixtures/request-values.ts';
import { jobError, notFound } from './errors.ts';
import { lookupDseObject } from './job-lookup.ts';
import { participantDto } from './participant-dto.ts';
import { recordParticipantChange } from './participant-history.ts';
import { resolveParticipantRef } from './participant-refs.ts';
import { servesAddedEndpoints } from './added-endpoints.ts';
import { jobRoles } from './roles.ts';

const collection = '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants';

type Resolution = { readonly ok: true; readonly users: SeedUser[] } | { readonly ok: false; readonly response: SimResponse };

export function registerParticipants(routes: Router, context: ModuleContext, state: JobFixtures): void {
  const router = routes.when(() => servesAddedEndpoints(context));

  const current = (job: JobRecord): string[] => state.participants.get(job.instanceId) ?? [];

  /** Resolves the request's UUID array, all or nothing. */
  const resolveBody = (request: SimRequest): Resolution => {
    const body: unknown = request.body;
    if (!Array.isArray(body)) return { ok: false, response: jobError(request, 400, 'The request body must be a JSON array of user UUIDs') };
    if (context.faults.has('job-participants-uuid-body-rejected') && body.some(isUuid)) {
      const entities = body.map((entry) => ({ status: 400, entity: String(entry), message: 'A numeric user id is required' }));
      return { ok: false, response: json(400, { status: 400, message: 'Invalid request format', entities }) };
    }
    const results = body.map((entry) => resolveParticipantRef(entry, context));
    const failures = results.flatMap((result) => (result.ok ? [] : [result]));
    if (failures.length === 0) return { ok: true, users: results.flatMap((result) => (result.ok ? [result.user] : [])) };
    // A value that is no UUID cannot be read into the vendor's List<UUID> body at all: a plain 400, since its
    // IndividualStatusesDtoOfUUID names each entity by UUID. Unknown UUIDs are reported one by one (404).
    const unreadable = failures.find((failure) => failure.status === 400);
    if (unreadable) return { ok: false, response: jobError(request, 400, `${unreadable.message}: ${unreadable.entity}`) };
    const entities = failures.map((failure) => ({ status: failure.status, entity: failure.entity, message: failure.message }));
    return { ok: false, response: json(404, { status: 404, message: 'Not found', entities }) };
  };

  const list = (request: SimRequest): SimResponse => {
    const found = lookupDseObject(request, state);
    if (!found.ok) return found.response;
    const users = current(found.job).flatMap((uuid) => {
      const user = findUserByUuid(uuid);
      if (!user) return [];
      const dto = participantDto(found.job.instanceId, user);
      return [context.faults.has('job-participants-list-uuid-not-uuid') ? { ...dto, userUUID: String(user.id) } : dto];
    });
    return json(200, users);
  };

  /** Applies PUT (replace) or PATCH (add) and reports one status per requested user. */
  const change = (mode: 'replace' | 'add') => (request: SimRequest): SimResponse => {
    const found = lookupDseObject(request, state);
    if (!found.ok) return found.response;
    const resolved = resolveBody(request);
    if (!resolved.ok) return resolved.response;
    const actorId = request.principal?.userId ?? 0;
    const before = current(found.job);
    const replace = mode === 'replace' || context.faults.has('job-participants-patch-replaces');
    const after = replace ? [] : [...before];
    for (const user of resolved.users) if (!after.includes(user.uuid)) after.push(user.uuid);
    for (const uuid of before.filter((uuid) => !after.includes(uuid))) {
      const removed = findUserByUuid(uuid);
      if (removed) recordParticipantChange(state, found.job, actorId, 'REMOVE_PARTICIPANT', removed);
    }
    for (const user of resolved.users.filter((candidate) => !before.includes(candidate.uuid))) {
      recordParticipantChange(state, found.job, actorId, 'ADD_PARTICIPANT', user);
    }
    state.participants.set(found.job.instanceId, after);
    const entities = resolved.users.map((user) => ({
      status: 200,
      entity: user.uuid,
      message: before.includes(user.uuid) ? 'Already a participant' : 'Participant added',
    }));
    return json(200, { status: 200, message: 'OK', entities });
  };

  const remove = (request: SimRequest): SimResponse => {
    const found = lookupDseObject(request, state);
    if (!found.ok) return found.response;
    const ref = resolveParticipantRef(request.params.userUUID, context);
    if (!ref.ok) return jobError(request, ref.status, ref.message);
    const before = current(found.job);
    if (!before.includes(ref.user.uuid)) return notFound(request, `User ${ref.user.uuid} is not a participant of ${found.job.instanceId}`);
    state.participants.set(found.job.instanceId, before.filter((uuid) => uuid !== ref.user.uuid));
    recordParticipantChange(state, found.job, request.principal?.userId ?? 0, 'REMOVE_PARTICIPANT', ref.user);
    return { status: 204 };
  };

  router.api('GET', collection, jobRoles, list);
  router.api('PUT', collection, jobRoles, change('replace'));
  router.api('PATCH', collection, jobRoles, change('add'));
  router.when(() => !context.faults.has('job-participants-delete-missing')).api('DELETE', `${collection}/{userUUID}`, jobRoles, remove);
}
