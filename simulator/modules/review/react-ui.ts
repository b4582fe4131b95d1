/**
 * GET /rm/rest/v1.0/reviews/{id}/react-ui — the review object react record
 * (ReviewObjectReactUIDto, spec §2), as the review screen reads it: the
 * review with its iterations, each iteration's approvals (ApprovalUIDto,
 * whose state includes IN_PENDING for a participant still to decide), the
 * creator, and in 8.0 the required `approvedWithChangesEnabled`, which
 * 7.4's record does not have. The vendor documents the DTO without naming
 * its endpoint; this path is the simulator's choice, served in both versions.
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures, ReviewIteration, ReviewRecord } from '../../fixtures/review.ts';
import { personById, personOf } from './people.ts';
import { lookupReview } from './review-lookup.ts';
import { reviewModuleRoles } from './roles.ts';
import { userBaseDto } from './users.ts';

export function registerReactUi(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const withApprovedWithChanges = (): boolean => context.version === '8.0' && !context.faults.has('review-react-approved-with-changes-missing');

  const iterationDto = (review: ReviewRecord, iteration: ReviewIteration, callerId: number) => {
    const uploader = personById(review, iteration.uploaderId);
    const callerRoles = review.participants.filter((participant) => participant.userId === callerId).map((participant) => participant.role);
    return {
      id: iteration.id,
      iterationVersion: iteration.iterationVersion,
      mediaGUID: iteration.mediaGUID,
      mediaVersion: iteration.mediaVersion,
      startDate: iteration.startDate,
      ...(review.dueDate !== null && { dueDate: review.dueDate }),
      userRoles: callerRoles,
      lastActivity: 'ITERATION_UPLOADED',
      lastActivityDate: iteration.startDate,
      ...(uploader ? { uploader: userBaseDto(uploader, context.version) } : {}),
      numOfAnnotations: iteration.numOfAnnotations,
      approvals: review.participants
        .filter((participant) => participant.role !== 'OWNER')
        .map((participant) => ({
          participant: userBaseDto(personOf(participant), context.version),
          state: participant.decision ?? 'IN_PENDING',
          ...(participant.decidedAt ? { date: participant.decidedAt } : {}),
        })),
      rights: callerRoles.includes('OWNER') ? ['VIEW', 'ANNOTATE', 'UPLOAD_ITERATION', 'DECIDE_AS_OWNER'] : ['VIEW', 'ANNOTATE'],
    };
  };

  router.api('GET', '/rm/rest/v1.0/reviews/{id}/react-ui', reviewModuleRoles, (request) => {
    const found = lookupReview(request.params.id, state);
    if (!found.ok) return found.response;
    const review = found.review;
    const creator = personById(review, review.creatorId);
    return json(200, {
      id: review.id,
      instanceId: review.rmInstanceId,
      title: review.title,
      status: review.status,
      ...(review.dueDate !== null && { dueDate: review.dueDate }),
      iterations: review.iterations.map((iteration) => iterationDto(review, iteration, request.principal?.userId ?? 0)),
      dseObjectInstanceId: review.dseObjectInstanceId,
      dseVariableTypeId: review.dseVariableTypeId,
      ...(withApprovedWithChanges() ? { approvedWithChangesEnabled: review.approvedWithChangesEnabled } : {}),
      ...(creator ? { creator: userBaseDto(creator, context.version) } : {}),
    });
  });
}
