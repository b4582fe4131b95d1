/**
 * Finds the review a `{id}` path segment names: not an integer is 400, an
 * unknown review 404 (vendor ReviewManager documents).
 */
import type { SimResponse } from '../../http/router.ts';
import type { ReviewFixtures, ReviewRecord } from '../../fixtures/review.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { reviewError } from './errors.ts';

export type ReviewLookup = { readonly ok: true; readonly review: ReviewRecord } | { readonly ok: false; readonly response: SimResponse };

export function lookupReview(rawId: string | undefined, state: ReviewFixtures): ReviewLookup {
  const id = parseInteger(rawId);
  if (id === undefined) return { ok: false, response: reviewError(400, 'INVALID_ID', 'The review id must be an integer') };
  const review = state.reviews.get(id);
  return review ? { ok: true, review } : { ok: false, response: reviewError(404, 'REVIEW_NOT_FOUND', `Review ${id} not found`) };
}
