/** Typed client of the review module (prefix `/rm/rest`, spec §4.5). */
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

/** GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info; role AUTHENTICATED from 8.0 on (spec §4.5, §5.12). */
export function getReviewGeneralInfo(api: PlatformApi, id: number | string): Promise<HttpResponse> {
  return callCatalogEntry(api, 'review.general-info', { pathParams: { id } });
}

/** GET …/review-finder/_find-reviews-by-title-and-due-date?filter=ALL: a page of reviews, to find review ids. */
export function findReviews(api: PlatformApi, query: { readonly limit?: number } = {}): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/rm/rest/v1.0/review-finder/_find-reviews-by-title-and-due-date', query: { filter: 'ALL', limit: query.limit } });
}
