/**
 * Job module contracts (spec §2 "Dashboard item, my-active list", "Job
 * search request"; §4.2). 7.4 names users by numeric id; 8.0 by UUID, and
 * gives each my-active item its assignment.
 */
import { MatchersV3 } from '../matchers.ts';
import { uuid } from '../uuid-matcher.ts';
import { deleteGridRows, getMyActiveDashboard, searchJobs } from '../../src/api/modules/job.ts';
import { example, stateValue, type ModuleContracts } from '../interaction.ts';

const { eachLike, integer, string, boolean } = MatchersV3;

/** The job states spec §2 has seen in searches. */
const activeStates = ['ACTIVE', 'PENDING'];

const searchResult = { totalCount: integer(1), values: eachLike({ instanceId: integer(20481) }) };

export const jobContracts: ModuleContracts = {
  module: 'job',
  versions: {
    '7.4': [
      {
        // Only what spec §2 guarantees a 7.4 item: the assignment structure is 8.0's (§4.2 "changed"), so a 7.4 item need not carry one.
        slug: 'my-active-first-page',
        killedBy: ['job-my-active-job-id-as-string'],
        description: 'a request for the first page of my active jobs',
        state: 'the user has active jobs',
        endpoint: 'job.dashboard-my-active',
        query: { offset: '0', limit: '5' },
        status: 200,
        responseBody: {
          items: eachLike({ jobInstanceId: integer(20481) }),
          total: integer(6),
        },
        drive: (api) => getMyActiveDashboard(api, { offset: 0, limit: 5 }),
      },
      {
        slug: 'jobs-search-by-user-id',
        killedBy: ['job-search-pending-state-rejected', 'job-legacy-user-id-missing'],
        description: 'a search for the active and pending jobs of a user by numeric user id',
        state: 'a user with active jobs exists',
        endpoint: 'job.jobs-search',
        body: { userId: stateValue('jobUserId'), states: activeStates },
        status: 200,
        responseBody: searchResult,
        drive: (api) => searchJobs(api, { userId: example('jobUserId'), states: activeStates }),
      },
      {
        slug: 'grid-rows-bulk-delete',
        killedBy: ['job-grid-rows-delete-no-content'],
        // Gone early: the served check holds that finding, and the interaction is not checked.
        observedBy: ['job-grid-rows-delete-removed-early'],
        description: 'a request to delete rows of a job grid in bulk',
        state: 'a job grid with rows exists',
        endpoint: 'job.grid-rows-delete',
        // The row ids in the query: the vendor documents the grid-row DELETEs without a body.
        query: { rowIds: MatchersV3.fromProviderState('${gridRowInstanceId}', String(example('gridRowInstanceId'))) },
        status: 200,
        responseBody: boolean(true),
        drive: (api) =>
          deleteGridRows(api, { ordinalNumber: example('jobOrdinalNumber'), variableInstanceId: example('gridVariableInstanceId') }, [example('gridRowInstanceId')]),
      },
    ],
    '8.0': [
      {
        slug: 'my-active-assignees-by-uuid',
        killedBy: ['job-my-active-uuid-dropped', 'job-assignee-uuid-not-uuid', 'job-sort-rejected', 'job-my-active-assignment-missing'],
        description: 'a request for the first page of my active jobs sorted by due date with their assignees',
        state: 'the user has active jobs with assignees',
        endpoint: 'job.dashboard-my-active',
        query: { offset: '0', limit: '5', sort: 'var_-117' },
        status: 200,
        responseBody: {
          items: eachLike({
            jobInstanceId: integer(20481),
            assignment: { assignees: eachLike({ uuid: uuid(example('userUuid')), fullName: string('Ada Brandt') }) },
          }),
          total: integer(6),
        },
        drive: (api) => getMyActiveDashboard(api, { offset: 0, limit: 5, sort: 'var_-117' }),
      },
      {
        slug: 'jobs-search-by-user-uuid',
        killedBy: ['job-my-active-uuid-dropped', 'job-assignee-uuid-not-uuid', 'job-search-pending-state-rejected', 'job-my-active-assignment-missing'],
        description: 'a search for the active and pending jobs of a user by user UUID',
        state: 'a user with a UUID and active jobs exists',
        endpoint: 'job.jobs-search',
        body: { userIdUUID: stateValue('userUuid'), states: activeStates },
        status: 200,
        responseBody: searchResult,
        drive: (api) => searchJobs(api, { userIdUUID: example('userUuid'), states: activeStates }),
      },
    ],
  },
};
