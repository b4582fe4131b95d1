/**
 * GET /dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}/histories —
 * the object's change history, added in 8.0 (spec §4.2), as the vendor's
 * `{items, total}` page (offset/limit, default limit 20), newest first.
 * Participant changes made through the participant endpoints appear here.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures } from '../../fixtures/job.ts';
import { readPageWindow, slicePage } from '../../fixtures/paging.ts';
import { badRequest } from './errors.ts';
import { historyDto, historyNewestFirst, withAnotherUserUuid } from './history-dto.ts';
import { lookupDseObject } from './job-lookup.ts';
import { servesAddedEndpoints } from './added-endpoints.ts';
import { jobRoles } from './roles.ts';

export function registerHistories(router: Router, context: ModuleContext, state: JobFixtures): void {
  const served = (): boolean => servesAddedEndpoints(context) && !context.faults.has('job-histories-missing');

  const handler = (request: SimRequest): SimResponse => {
    const found = lookupDseObject(request, state);
    if (!found.ok) return found.response;
    const window = readPageWindow(request.query, { defaultLimit: 20, maxLimit: 200 });
    if (!window.ok) return badRequest(request, window.reason);
    const history = historyNewestFirst(state.histories.get(found.job.instanceId) ?? []);
    const inconsistent = context.faults.has('job-histories-user-uuid-inconsistent');
    const items = slicePage(history, window.window).map((record) => historyDto(found.job, record));
    return json(200, { items: inconsistent ? items.map(withAnotherUserUuid) : items, total: history.length });
  };

  router.when(served).api('GET', '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}/histories', jobRoles, handler);
}
