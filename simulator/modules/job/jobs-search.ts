/**
 * POST /dse/rest/v1.0/jobs/_search — jobs of one user, filtered, as
 * `{totalCount, values}` (spec §2 "Job search request", §4.2 "changed").
 *
 * The search runs as a user: the one named by `userIdUUID` (8.0), else by
 * the deprecated numeric `userId`, else the caller; it finds the jobs that
 * user created or is assigned to. Both identifiers of one user therefore
 * select the same jobs. A numeric `userIdUUID` is refused with 400 (spec §9.3:
 * old identifiers are no longer usable there); 7.4 does not know the field.
 * `filterId` names a saved filter (unknown: 404) whose states win over
 * `states` (vendor: "If you use filters then states are ignored").
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import { searchableJobStates, type JobFixtures, type JobRecord } from '../../fixtures/job.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { findUserById, findUserByUuid } from '../../fixtures/user-directory.ts';
import { isNumericId, isRecord, isUuid } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { dseObjectDto } from './dse-object-dto.ts';
import { jobRoles } from './roles.ts';
import { userDto } from './users.ts';

type SearchUser = { readonly kind: 'user'; readonly user: SeedUser | undefined } | { readonly kind: 'error'; readonly response: SimResponse };

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

type Comparator = (a: JobRecord, b: JobRecord) => number;

/** The default order (vendor: "Last Modification Date (126)"). */
const byLastModification: Comparator = (a, b) => a.lastModified.localeCompare(b.lastModified);

/** Variable ids the search sorts by; an unknown id falls back to the default. */
const sortBy: Readonly<Record<number, Comparator>> = {
  126: byLastModification,
  20: (a, b) => a.name.localeCompare(b.name),
  [-117]: (a, b) => a.dueDate.localeCompare(b.dueDate),
  24: (a, b) => a.jobStepNumber - b.jobStepNumber,
  198: (a, b) => a.type.name.localeCompare(b.type.name),
};

export function registerJobSearch(router: Router, context: ModuleContext, state: JobFixtures): void {
  /** Which user the search runs as; undefined user means nobody matches (an unknown but well-formed id). */
  const searchUser = (request: SimRequest, body: Record<string, unknown>, caller: SeedUser | undefined): SearchUser => {
    const uuidField = context.version === '8.0' && !context.faults.has('job-search-user-id-uuid-ignored') ? body.userIdUUID : undefined;
    if (uuidField !== undefined && uuidField !== null) {
      if (isNumericId(uuidField)) {
        if (!context.faults.has('job-search-user-id-uuid-numeric-accepted')) {
          return { kind: 'error', response: badRequest(request, 'userIdUUID must be a UUID; numeric user ids are not accepted') };
        }
        return { kind: 'user', user: findUserById(Number(uuidField)) };
      }
      if (!isUuid(uuidField)) return { kind: 'error', response: badRequest(request, 'userIdUUID must be a UUID') };
      return { kind: 'user', user: findUserByUuid(uuidField) };
    }
    const idField = body.userId;
    if (idField !== undefined && idField !== null) {
      if (context.version === '8.0' && context.faults.has('job-deprecated-user-id-rejected')) {
        return { kind: 'error', response: badRequest(request, 'userId is no longer supported, use userIdUUID') };
      }
      if (typeof idField !== 'number' || !Number.isInteger(idField)) return { kind: 'error', response: badRequest(request, 'userId must be an integer') };
      return { kind: 'user', user: findUserById(idField) };
    }
    return { kind: 'user', user: caller };
  };

  const handler = (request: SimRequest): SimResponse => {
    const caller = request.principal ? findUserById(request.principal.userId) : undefined;
    const body = request.body ?? {};
    if (!isRecord(body)) return badRequest(request, 'The search request must be a JSON object');

    const who = searchUser(request, body, caller);
    if (who.kind === 'error') return who.response;

    const from = body.from ?? 0;
    const limit = body.limit ?? 20;
    if (!isWholeNumber(from) || !isWholeNumber(limit)) return badRequest(request, 'from and limit must be non-negative integers');

    let states: readonly string[] | undefined;
    if (body.filterId !== undefined && body.filterId !== null) {
      const filter = state.filters.find((candidate) => candidate.filterId === body.filterId);
      if (!filter) return notFound(request, `Filter with id ${String(body.filterId)} doesn't exist`);
      states = filter.states;
    } else if (body.states !== undefined && body.states !== null) {
      const requested = body.states;
      const known: readonly string[] = searchableJobStates;
      if (!Array.isArray(requested) || !requested.every((entry) => typeof entry === 'string' && known.includes(entry))) {
        return badRequest(request, `states must be an array of ${searchableJobStates.join(', ')}`);
      }
      if (context.faults.has('job-search-pending-state-rejected') && requested.includes('PENDING')) return badRequest(request, 'Unknown job state: PENDING');
      states = requested.length > 0 ? requested : undefined;
    }

    const fulltext = typeof body.fulltext === 'string' ? body.fulltext.toLowerCase() : '';
    const sortId = typeof body.sort === 'number' ? body.sort : 126;
    const compare = sortBy[sortId] ?? byLastModification;
    const descending = typeof body.dir !== 'string' || body.dir.toUpperCase() !== 'ASC';

    const user = who.user;
    const matches = state.jobs
      .filter((job) => user !== undefined && (job.creatorId === user.id || job.assigneeIds.includes(user.id)))
      .filter((job) => states === undefined || states.includes(job.state))
      .filter((job) => fulltext === '' || job.name.toLowerCase().includes(fulltext) || `j-${job.ordinalNumber}`.includes(fulltext))
      .sort((a, b) => (descending ? -1 : 1) * (compare(a, b) || a.instanceId - b.instanceId));

    const values = matches.slice(from, from + limit).map((job) => dseObjectDto(job, state, context.version, (seed) => userDto(seed, context.version)));
    return json(200, { totalCount: matches.length, values });
  };

  router.api('POST', '/dse/rest/v1.0/jobs/_search', jobRoles, handler);
}
