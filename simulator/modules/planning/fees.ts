/**
 * GET /fee, added in 8.0 (spec §4.3): the fee list `{fees: [{type,
 * amount}]}` (spec §2), each fee also with its `id` and `name` as the
 * vendor's FeeDTO has them, plus the numbers of the vendor's PageDTO
 * (offset, limit, pageNumber, numberOfElements, totalElements, all
 * required there; the spec's `fees` stands where the vendor's FeePageDTO
 * says `content`). `query` narrows the list
 * to fees whose name or type contains it (case-insensitive); offset/limit
 * page it (default limit 100).
 */
import { json, type Router } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { Fee, PlanningFixtures } from '../../fixtures/planning.ts';
import { servesAdditions } from './additions.ts';
import { badRequest } from './errors.ts';
import { mapsPage, readMapsWindow } from './page.ts';
import { planningRoute } from './route.ts';

export function registerFees(routes: Router, context: ModuleContext, state: PlanningFixtures): void {
  const router = routes.when(() => servesAdditions(context));

  const feeDto = (fee: Fee) => ({
    id: fee.id,
    name: fee.name,
    type: fee.type,
    amount: context.faults.has('planning-fee-amount-string') ? fee.amount.toFixed(2) : fee.amount,
  });

  planningRoute(router, 'GET', '/fee', (request) => {
    const query = request.query.get('query');
    if (query !== null && context.faults.has('planning-fee-query-rejected')) return badRequest(request, 'Unknown query parameter: query');
    const window = readMapsWindow(request);
    if (!window.ok) return badRequest(request, window.reason);
    const needle = (query ?? '').trim().toLowerCase();
    const matching = state.fees.filter((fee) => needle === '' || fee.name.toLowerCase().includes(needle) || fee.type.toLowerCase().includes(needle));
    const page = mapsPage(matching, window.window);
    return json(200, {
      fees: page.content.map(feeDto),
      offset: page.offset,
      limit: page.limit,
      pageNumber: page.pageNumber,
      numberOfElements: page.numberOfElements,
      totalElements: page.totalElements,
    });
  });
}
