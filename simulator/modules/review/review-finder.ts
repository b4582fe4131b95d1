/**
 * GET /rm/rest/v1.0/review-finder/_find-reviews-by-title-and-due-date — the
 * review module's discovery listing, in both versions (vendor PageDto
 * `{totalCount, content}` of ReviewMinimalInfoDto). `filter` is required:
 * MANAGED (reviews the caller created), PARTICIPATING (reviews the caller
 * takes part in without owning) or ALL (both). `title` matches part of the
 * title, `startOfDueDate`/`endOfDueDate` bound the due date, offset/limit
 * page it (default limit 10).
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { ReviewFixtures, ReviewRecord } from '../../fixtures/review.ts';
import { readPageWindow, slicePage } from '../../fixtures/paging.ts';
import { reviewError } from './errors.ts';
import { personById } from './people.ts';
import { reviewModuleRoles } from './roles.ts';
import { userBaseDto } from './users.ts';

const filters = ['MANAGED', 'PARTICIPATING', 'ALL'];
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function registerReviewFinder(router: Router, context: ModuleContext, state: ReviewFixtures): void {
  const minimalInfo = (review: ReviewRecord, callerId: number) => {
    const latest = review.iterations.at(-1);
    const creator = personById(review, review.creatorId);
    return {
      id: review.id,
      title: review.title,
      ...(review.dueDate !== null && { dueDate: review.dueDate }),
      reviewStatus: review.status,
      ...(latest
        ? {
            latestReviewIteration: {
              id: latest.id,
              iterationVersion: latest.iterationVersion,
              mediaVersion: latest.mediaVersion,
              mediaGUID: latest.mediaGUID,
              voted: review.participants.some((participant) => participant.userId === callerId && participant.decision !== undefined),
            },
          }
        : {}),
      ...(creator ? { creator: userBaseDto(creator, context.version) } : {}),
    };
  };

  const handler = (request: SimRequest): SimResponse => {
    const callerId = request.principal?.userId ?? 0;
    const filter = request.query.get('filter');
    if (filter === null || !filters.includes(filter.toUpperCase())) {
      return reviewError(400, 'INVALID_FILTER', `filter is required: one of ${filters.join(', ')}`);
    }
    const start = request.query.get('startOfDueDate');
    const end = request.query.get('endOfDueDate');
    if ((start !== null && !isoDate.test(start)) || (end !== null && !isoDate.test(end))) {
      return reviewError(400, 'INVALID_DATE', 'Due dates must be given as YYYY-MM-DD');
    }
    const window = readPageWindow(request.query, { defaultLimit: 10, maxLimit: 100 });
    if (!window.ok) return reviewError(400, 'INVALID_PAGE', window.reason);
    const title = (request.query.get('title') ?? '').toLowerCase();
    const owns = (review: ReviewRecord) => review.creatorId === callerId;
    const takesPart = (review: ReviewRecord) => review.participants.some((participant) => participant.userId === callerId);
    const wanted = filter.toUpperCase();
    const matches = [...state.reviews.values()]
      .filter((review) => (wanted === 'MANAGED' ? owns(review) : wanted === 'PARTICIPATING' ? takesPart(review) && !owns(review) : owns(review) || takesPart(review)))
      .filter((review) => title === '' || review.title.toLowerCase().includes(title))
      .filter((review) => start === null || (review.dueDate !== null && review.dueDate >= start))
      .filter((review) => end === null || (review.dueDate !== null && review.dueDate <= end))
      .sort((a, b) => b.id - a.id);
    return json(200, { totalCount: matches.length, content: slicePage(matches, window.window).map((review) => minimalInfo(review, callerId)) });
  };

  router.api('GET', '/rm/rest/v1.0/review-finder/_find-reviews-by-title-and-due-date', reviewModuleRoles, handler);
}
