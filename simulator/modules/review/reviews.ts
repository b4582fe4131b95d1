/**
 * GET /rm/rest/v1.0/reviews/{id} — the review object (vendor ReviewObject:
 * ReviewDto plus name, context, ownerFullName, uploader), in both versions.
 * Users carry `uuid` in 8.0 only (spec §9.3).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures, ReviewIteration, ReviewRecord } from '../../fixtures/review.ts';
import { personById } from './people.ts';
import { lookupReview } from './review-lookup.ts';
import { reviewModuleRoles } from './roles.ts';
import { reviewUserDto } from './users.ts';
import { withoutNulls } from './non-null.ts';

export function registerReviews(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const writePerson = (review: ReviewRecord, id: number) => {
    const person = personById(review, id);
    return person ? reviewUserDto(person, context.version) : null;
  };

  const iterationDto = (review: ReviewRecord, iteration: ReviewIteration) => ({
    id: iteration.id,
    mediaVersion: iteration.mediaVersion,
    iterationVersion: iteration.iterationVersion,
    mediaGUID: iteration.mediaGUID,
    uploader: writePerson(review, iteration.uploaderId),
    reviewId: review.id,
  });

  router.api('GET', '/rm/rest/v1.0/reviews/{id}', reviewModuleRoles, (request) => {
    const found = lookupReview(request.params.id, state);
    if (!found.ok) return found.response;
    const review = found.review;
    const latest = review.iterations.at(-1);
    const iterations: Record<string, ReturnType<typeof iterationDto>> = {};
    for (const iteration of review.iterations) iterations[String(iteration.iterationVersion)] = iterationDto(review, iteration);
    return json(200, withoutNulls({
      discriminator: review.rmInstanceId,
      id: review.id,
      creationDate: review.creationDate,
      creator: writePerson(review, review.creatorId),
      mediaInstance: 0,
      briefingText: review.briefing,
      dueDate: review.dueDate,
      reviewStatus: review.status,
      latestReviewIteration: latest ? iterationDto(review, latest) : null,
      reviewIterations: iterations,
      title: review.title,
      version: 0,
      participants: review.participants.map((participant) => ({
        role: participant.role,
        userId: participant.userId,
        ...(context.version === '8.0' ? { userUuid: participant.uuid } : {}),
      })),
      name: review.assetTitle,
      context: review.context,
      ownerFullName: personById(review, review.creatorId)?.fullName ?? '',
      uploader: latest ? writePerson(review, latest.uploaderId) : null,
    }));
  });
}
