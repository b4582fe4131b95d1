import type { ModuleRegistrar } from '../context.ts';
import { createReviewFixtures } from '../../fixtures/review.ts';
import { registerAnnotationMarks } from './annotation-marks.ts';
import { registerCreateReviewObject } from './create-review-object.ts';
import { registerGeneralInfo } from './general-info.ts';
import { registerIterations } from './iterations.ts';
import { registerReactUi } from './react-ui.ts';
import { registerReviewFinder } from './review-finder.ts';
import { registerReviews } from './reviews.ts';

/**
 * The review module's routes (prefix /rm/rest, spec §4.5): the general-info
 * endpoint whose role changes, the DTOs of spec §2 on the endpoints that
 * carry them, a listing and a probe. Every platform instance gets its own
 * fixtures.
 */
export const registerReviewModule: ModuleRegistrar = (router, context) => {
  const state = createReviewFixtures();
  registerGeneralInfo(router, context, state);
  registerReviewFinder(router, context, state);
  registerAnnotationMarks(router);
  registerCreateReviewObject(router, context, state);
  registerReviews(router, context, state);
  registerIterations(router, context, state);
  registerReactUi(router, context, state);
};
