/**
 * A review's iterations, in both versions (vendor ReviewIterationExtendedDto):
 * GET /rm/rest/v1.0/reviews/{id}/iterations lists them, GET
 * …/iterations/{version} reads one by iteration version. Each carries the
 * review's participants as ParticipantExtendedDto (spec §2) and the
 * decisions taken so far as ApprovalDto.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures, ReviewIteration, ReviewRecord } from '../../fixtures/review.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { reviewError } from './errors.ts';
import { participantWriter } from './participant-dto.ts';
import { personById, personOf } from './people.ts';
import { lookupReview } from './review-lookup.ts';
import { reviewModuleRoles } from './roles.ts';
import { reviewUserDto } from './users.ts';

export function registerIterations(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const writeParticipant = participantWriter(context);

  const iterationDto = (review: ReviewRecord, iteration: ReviewIteration) => {
    const uploader = personById(review, iteration.uploaderId);
    return {
      id: iteration.id,
      mediaVersion: iteration.mediaVersion,
      iterationVersion: iteration.iterationVersion,
      mediaGUID: iteration.mediaGUID,
      uploader: uploader ? reviewUserDto(uploader, context.version) : null,
      reviewId: review.id,
      jobTitle: review.context,
      participants: review.participants.map(writeParticipant),
      approvals: review.participants.flatMap((participant, index) =>
        participant.decision
          ? [{ id: iteration.id * 100 + index, participant: reviewUserDto(personOf(participant), context.version), submissionDate: participant.decidedAt ?? review.creationDate, state: participant.decision }]
          : [],
      ),
      review: {
        reviewId: review.id,
        mediaId: iteration.mediaGUID,
        version: iteration.mediaVersion,
        dseObjectId: review.dseObjectInstanceId,
        varTypeId: review.dseVariableTypeId,
        iteration: iteration.iterationVersion,
        state: review.status,
        creationDate: review.creationDate,
        ...(review.dueDate !== null && { dueDate: review.dueDate }),
        assetTitle: review.assetTitle,
      },
      marks: [],
    };
  };

  router.api('GET', '/rm/rest/v1.0/reviews/{id}/iterations', reviewModuleRoles, (request) => {
    const found = lookupReview(request.params.id, state);
    return found.ok ? json(200, found.review.iterations.map((iteration) => iterationDto(found.review, iteration))) : found.response;
  });

  router.api('GET', '/rm/rest/v1.0/reviews/{id}/iterations/{version}', reviewModuleRoles, (request: SimRequest): SimResponse => {
    const found = lookupReview(request.params.id, state);
    if (!found.ok) return found.response;
    const version = parseInteger(request.params.version);
    if (version === undefined) return reviewError(400, 'INVALID_VERSION', 'The iteration version must be an integer');
    const iteration = found.review.iterations.find((candidate) => candidate.iterationVersion === version);
    return iteration ? json(200, iterationDto(found.review, iteration)) : reviewError(404, 'ITERATION_NOT_FOUND', `Iteration ${version} not found`);
  });
}
