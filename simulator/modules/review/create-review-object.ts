/**
 * POST /rm/rest/v1.0/reviews/_create-review-object — creates a review of a
 * media asset from a job's asset selector (vendor CreateReviewObjectDto) and
 * answers 200 with the new ReviewObjectDto, in both versions.
 *
 * The required boolean flag that asks for a job comment is named
 * `flagCreateJmsComment` in 8.0 and `flagCreateJmsCommentfield` in 7.4
 * (spec §2); a body without the version's name is refused with 400.
 * `mediaGUID` is required. Participants (ParticipantTypeDto) are named by
 * `uuid` in 8.0 and by numeric `id` in 7.4 (spec §9.3); the other form is
 * malformed (400), an unknown user 404. 8.0 also takes `uploaderUuid`. The
 * caller owns the review; it then appears in the listing, general info,
 * iterations and react record.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures, ReviewParticipant, ReviewRecord } from '../../fixtures/review.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { findUserById, findUserByUuid, fullNameOf } from '../../fixtures/user-directory.ts';
import { isRecord, isUuid } from '../../fixtures/request-values.ts';
import { reviewError } from './errors.ts';
import { reviewModuleRoles } from './roles.ts';
import { withoutNulls } from './non-null.ts';

type Resolved<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly response: SimResponse };

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const roleNames: readonly string[] = ['REVIEWER', 'APPROVER'];
const isParticipantRole = (value: string): value is 'REVIEWER' | 'APPROVER' => roleNames.includes(value);

function asParticipant(user: SeedUser, role: ReviewParticipant['role']): ReviewParticipant {
  return { userId: user.id, uuid: user.uuid, fullName: fullNameOf(user), email: user.email, extern: false, role };
}

export function registerCreateReviewObject(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const byUuid = context.version === '8.0';
  const flagNameOf = (): string => {
    let flagName = context.version === '7.4' ? 'flagCreateJmsCommentfield' : 'flagCreateJmsComment';
    if (context.faults.has('review-create-old-flag-name')) flagName = 'flagCreateJmsCommentfield';
    if (context.faults.has('review-create-new-flag-name-early')) flagName = 'flagCreateJmsComment';
    return flagName;
  };

  const readParticipant = (raw: unknown): Resolved<ReviewParticipant> => {
    if (!isRecord(raw)) return { ok: false, response: reviewError(400, 'INVALID_PARTICIPANT', 'Each participant must be an object') };
    const role = typeof raw.participantRole === 'string' ? raw.participantRole.toUpperCase() : 'REVIEWER';
    if (!isParticipantRole(role)) return { ok: false, response: reviewError(400, 'INVALID_PARTICIPANT', `participantRole must be one of ${roleNames.join(', ')}`) };
    if (byUuid && !isUuid(raw.uuid)) return { ok: false, response: reviewError(400, 'INVALID_PARTICIPANT', 'Participants are named by uuid') };
    if (!byUuid && !isInteger(raw.id)) return { ok: false, response: reviewError(400, 'INVALID_PARTICIPANT', 'Participants are named by numeric id') };
    const user = isUuid(raw.uuid) && byUuid ? findUserByUuid(raw.uuid) : isInteger(raw.id) ? findUserById(raw.id) : undefined;
    return user ? { ok: true, value: asParticipant(user, role) } : { ok: false, response: reviewError(404, 'USER_NOT_FOUND', 'Participant not found') };
  };

  const handler = (request: SimRequest): SimResponse => {
    const caller = request.principal ? findUserById(request.principal.userId) : undefined;
    if (!caller) return reviewError(401, 'UNAUTHENTICATED', 'Authentication required');
    const body = request.body;
    if (!isRecord(body)) return reviewError(400, 'INVALID_BODY', 'The request body must be a JSON object');
    const flagName = flagNameOf();
    if (typeof body[flagName] !== 'boolean') return reviewError(400, 'FIELD_REQUIRED', `${flagName} is required and must be a boolean`);
    if (!isInteger(body.mediaGUID)) return reviewError(400, 'FIELD_REQUIRED', 'mediaGUID is required and must be an integer');
    for (const field of ['version', 'dseObjectId', 'varTypeId']) {
      if (body[field] !== undefined && body[field] !== null && !isInteger(body[field])) return reviewError(400, 'INVALID_FIELD', `${field} must be an integer`);
    }
    const dueDate = body.dueDate ?? null;
    if (dueDate !== null && (typeof dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate))) return reviewError(400, 'INVALID_FIELD', 'dueDate must be YYYY-MM-DD');
    const rawParticipants: unknown = body.participants ?? [];
    if (!Array.isArray(rawParticipants)) return reviewError(400, 'INVALID_FIELD', 'participants must be an array');
    const participants: ReviewParticipant[] = [asParticipant(caller, 'OWNER')];
    for (const raw of rawParticipants) {
      const participant = readParticipant(raw);
      if (!participant.ok) return participant.response;
      if (!participants.some((existing) => existing.userId === participant.value.userId)) participants.push(participant.value);
    }
    let uploader = caller;
    if (byUuid && body.uploaderUuid !== undefined && body.uploaderUuid !== null) {
      const named = isUuid(body.uploaderUuid) ? findUserByUuid(body.uploaderUuid) : undefined;
      if (!isUuid(body.uploaderUuid)) return reviewError(400, 'INVALID_FIELD', 'uploaderUuid must be a UUID');
      if (!named) return reviewError(404, 'USER_NOT_FOUND', 'Uploader not found');
      uploader = named;
    }

    const now = new Date().toISOString();
    const mediaVersion = isInteger(body.version) ? body.version : 0;
    const assetTitle = typeof body.assetTitle === 'string' && body.assetTitle !== '' ? body.assetTitle : `Media ${body.mediaGUID}`;
    const review: ReviewRecord = {
      id: state.nextReviewId,
      title: assetTitle,
      assetTitle,
      briefing: typeof body.briefing === 'string' ? body.briefing : '',
      status: 'IN_PROGRESS',
      creationDate: now,
      dueDate: typeof dueDate === 'string' ? dueDate : null,
      creatorId: caller.id,
      rmInstanceId: -2,
      dseObjectInstanceId: isInteger(body.dseObjectId) ? body.dseObjectId : null,
      dseVariableTypeId: isInteger(body.varTypeId) ? body.varTypeId : null,
      context: isInteger(body.dseObjectId) ? `dse_object (${body.dseObjectId})` : '',
      approvedWithChangesEnabled: true,
      iterations: [{ id: state.nextIterationId, iterationVersion: 1, mediaGUID: body.mediaGUID, mediaVersion, startDate: now, uploaderId: uploader.id, numOfAnnotations: 0 }],
      participants,
    };
    state.nextReviewId += 1;
    state.nextIterationId += 1;
    state.reviews.set(review.id, review);

    const reviewers = participants.length - 1;
    return json(200, withoutNulls({
      id: review.id,
      instance: String(review.rmInstanceId),
      name: review.assetTitle,
      additionalInstance: null,
      additionalObjectId: null,
      context: review.context === '' ? null : review.context,
      startDate: now,
      lastModificationDate: null,
      mediaGuid: body.mediaGUID,
      version: mediaVersion,
      objectId: null,
      preview: null,
      dueDate: review.dueDate,
      reviewState: review.status,
      total: reviewers,
      totalSubmitted: 0,
      totalApproved: 0,
      totalWithChanges: 0,
      totalRejected: 0,
      totalPending: reviewers,
      includeYou: null,
      user: true,
    }));
  };

  router.api('POST', '/rm/rest/v1.0/reviews/_create-review-object', reviewModuleRoles, handler);
}
