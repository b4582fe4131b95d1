/**
 * GET /dse/rest/v1.0/dashboards/my-active — the caller's active jobs, as an
 * `{items, total}` page with offset/limit (spec §2 "Dashboard item, my-active
 * list", §4.2 "changed"). 8.0 adds the `sort` query parameter and writes each
 * item's assignment with assignees by `uuid` and `fullName`; 7.4 ignores
 * `sort` and writes the assignment with users by numeric id.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures, JobRecord } from '../../fixtures/job.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { readPageWindow, slicePage } from '../../fixtures/paging.ts';
import { badRequest, jobError } from './errors.ts';
import { jobRoles } from './roles.ts';
import { legacyUserDto, userDto, userGroupDto, usersById, uuidOnlyUserDto, type UserDto } from './users.ts';

type Comparator = (a: JobRecord, b: JobRecord) => number;

const byDueDate: Comparator = (a, b) => a.dueDate.localeCompare(b.dueDate);

/** Sort keys the vendor documents for my-active ("-117" due date, "24" job step, "198" job type, "20" job name), optionally prefixed `var_`. */
const sortKeys: Readonly<Record<string, Comparator>> = {
  '-117': byDueDate,
  '24': (a, b) => a.jobStepNumber - b.jobStepNumber,
  '198': (a, b) => a.type.name.localeCompare(b.type.name),
  '20': (a, b) => a.name.localeCompare(b.name),
};

/** Unknown sort keys fall back to the default (due date), as the vendor's default `var_-117` suggests. */
function comparatorFor(sort: string | null): Comparator {
  if (sort === null) return byDueDate;
  return sortKeys[sort.replace(/^var_/, '')] ?? byDueDate;
}

function isActive(job: JobRecord): boolean {
  return job.state === 'ACTIVE' || job.state === 'PENDING';
}

export function registerMyActiveDashboard(router: Router, context: ModuleContext, state: JobFixtures): void {
  const writeAssignee = (user: SeedUser): UserDto => {
    if (context.version === '7.4') return context.faults.has('job-legacy-user-id-missing') ? uuidOnlyUserDto(user) : legacyUserDto(user);
    if (context.faults.has('job-my-active-uuid-dropped')) return legacyUserDto(user);
    if (context.faults.has('job-assignee-uuid-not-uuid')) return { ...userDto(user, context.version), uuid: String(user.id) };
    return userDto(user, context.version);
  };

  const item = (job: JobRecord) => {
    const group = state.userGroups.find((candidate) => candidate.id === job.groupId);
    const listed = {
      jobInstanceId: context.faults.has('job-my-active-job-id-as-string') ? String(job.instanceId) : job.instanceId,
      jobOrdinalNumber: job.ordinalNumber,
      name: job.name,
      jobStepNumber: job.jobStepNumber,
      dashboardObjectType: 'JOB',
      dueDate: job.dueDate,
      state: job.state,
    };
    if (context.faults.has('job-my-active-assignment-missing')) return listed;
    return {
      ...listed,
      assignment: {
        assignees: usersById(job.assigneeIds).map(writeAssignee),
        ...(group ? { group: userGroupDto(group, context.version, writeAssignee) } : {}),
      },
    };
  };

  const handler = (request: SimRequest): SimResponse => {
    const caller = request.principal;
    if (!caller) return jobError(request, 401, 'Authentication required');
    const sort = context.version === '8.0' ? request.query.get('sort') : null;
    if (sort !== null && context.faults.has('job-sort-rejected')) return badRequest(request, 'Unknown query parameter: sort');
    const window = readPageWindow(request.query, { defaultLimit: 5, maxLimit: 100 });
    if (!window.ok) return badRequest(request, window.reason);
    const descending = (request.query.get('dir') ?? 'desc').toLowerCase() !== 'asc';
    const compare = comparatorFor(sort);
    const mine = state.jobs
      .filter((job) => isActive(job) && job.assigneeIds.includes(caller.userId))
      .sort((a, b) => (descending ? -1 : 1) * (compare(a, b) || a.instanceId - b.instanceId));
    const page = context.faults.has('job-my-active-paging-ignored') ? mine : slicePage(mine, window.window);
    return json(200, { items: page.map(item), total: mine.length });
  };

  router.api('GET', '/dse/rest/v1.0/dashboards/my-active', jobRoles, handler);
}
