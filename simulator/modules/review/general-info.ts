/**
 * GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info — a review's general
 * information (vendor ReviewGeneralInfoDto). The one review endpoint whose
 * security role changes (spec §4.5, §5.12): 7.4 requires
 * REVIEW_MANAGER_MODULE_ACCESS, 8.0 only AUTHENTICATED. The roles go to the
 * router, so the bearer guard answers 403 before this handler runs.
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures } from '../../fixtures/review.ts';
import { roles } from '../../fixtures/users.ts';
import { personById } from './people.ts';
import { lookupReview } from './review-lookup.ts';

export function registerGeneralInfo(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const required = (): readonly string[] => {
    if (context.faults.has('review-general-info-role-not-enforced')) return [roles.authenticated];
    if (context.faults.has('review-general-info-old-role')) return [roles.reviewManagerModuleAccess];
    return context.version === '7.4' ? [roles.reviewManagerModuleAccess] : [roles.authenticated];
  };

  router.when(() => !context.faults.has('review-general-info-missing')).api('GET', '/rm/rest/v1.0/util/reviews/{id}/_get-general-info', required, (request) => {
    const found = lookupReview(request.params.id, state);
    if (!found.ok) return found.response;
    const review = found.review;
    const info = {
      reviewId: review.id,
      rmInstanceId: review.rmInstanceId,
      dseObjectInstanceId: review.dseObjectInstanceId,
      dseVariableTypeId: review.dseVariableTypeId,
      ownerFullName: personById(review, review.creatorId)?.fullName ?? '',
    };
    return json(200, context.faults.has('review-general-info-as-array') ? [info] : info);
  });
}
