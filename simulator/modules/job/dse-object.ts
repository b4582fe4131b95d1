/**
 * GET /dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId} — one job as
 * DseObjectDto (spec §4.2 "changed"). 8.0 writes its users as UserDto with
 * `uuid` and, with `includeHistory=true`, adds the object's history under
 * `histories` (newest first, the same items the `/histories` endpoint pages).
 * 7.4 writes users by numeric id and does not know `includeHistory`.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures } from '../../fixtures/job.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { readBooleanParam } from '../../fixtures/request-values.ts';
import { badRequest } from './errors.ts';
import { dseObjectDto } from './dse-object-dto.ts';
import { historyDto, historyNewestFirst, withAnotherUserUuid } from './history-dto.ts';
import { lookupDseObject } from './job-lookup.ts';
import { jobRoles } from './roles.ts';
import { legacyUserDto, userDto, uuidOnlyUserDto, type UserDto } from './users.ts';

const same = <T>(value: T): T => value;

export function registerDseObject(router: Router, context: ModuleContext, state: JobFixtures): void {
  const writeUser = (user: SeedUser): UserDto => {
    if (context.faults.has('job-dse-object-user-uuid-missing')) return legacyUserDto(user);
    if (context.version === '7.4' && context.faults.has('job-legacy-user-id-missing')) return uuidOnlyUserDto(user);
    return userDto(user, context.version);
  };

  const handler = (request: SimRequest): SimResponse => {
    const found = lookupDseObject(request, state);
    if (!found.ok) return found.response;
    const body = dseObjectDto(found.job, state, context.version, writeUser);
    if (context.version === '7.4') return json(200, body);

    const includeHistory = readBooleanParam(request.query, 'includeHistory');
    if (!includeHistory.ok) return badRequest(request, 'includeHistory must be true or false');
    if (includeHistory.value !== undefined && context.faults.has('job-include-history-rejected')) return badRequest(request, 'Unknown query parameter: includeHistory');
    if (includeHistory.value !== true) return json(200, body);
    const history = historyNewestFirst(state.histories.get(found.job.instanceId) ?? []);
    const inconsistent = context.faults.has('job-dse-object-history-user-uuid-inconsistent');
    return json(200, { ...body, histories: history.map((record) => (inconsistent ? withAnotherUserUuid : same)(historyDto(found.job, record))) });
  };

  router.api('GET', '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}', jobRoles, handler);
}
