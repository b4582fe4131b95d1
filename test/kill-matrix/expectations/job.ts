import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The job module's checks (suites/modules/job) that each fault must make fail. */
export const jobKills: KillExpectations = {
  // Endpoint lifecycle (spec §4.2).
  'job-removed-grid-delete-still-served': ['job.grid-rows-delete.gone'],
  'job-grid-rows-delete-removed-early': ['job.grid-rows-delete.served'],
  'job-assets-jobs-missing': ['job.assets-jobs.served'],
  'job-assets-products-missing': ['job.assets-products.served'],
  'job-discussion-count-missing': ['job.assets-discussion-count.served'],
  'job-histories-missing': ['job.dse-object-histories.served'],
  'job-process-types-v2-missing': ['job.process-type-v2.served'],
  'job-participants-delete-missing': ['job.participant-remove.served', 'job.participants.by-uuid'],
  // my-active: assignees by UUID (8.0) or numeric id (7.4), paging, the new sort parameter (spec §2, §4.2).
  'job-my-active-uuid-dropped': ['job.dashboard-my-active.served', 'job.my-active.user-identifiers'],
  'job-assignee-uuid-not-uuid': ['job.dashboard-my-active.served', 'job.my-active.user-identifiers'],
  'job-my-active-paging-ignored': ['job.my-active.paging'],
  'job-sort-rejected': ['job.dashboard-my-active.served'],
  'job-legacy-user-id-missing': [
    'job.dashboard-my-active.served',
    'job.dse-object.served',
    'job.dse-object.user-identifiers',
    'job.my-active.user-identifiers',
  ],
  // jobs/_search: states, userIdUUID versus the deprecated userId (spec §2, §3, §4.2, §9.3).
  'job-search-pending-state-rejected': ['job.jobs-search.served'],
  // Ignoring userIdUUID also lets a numeric one through.
  'job-search-user-id-uuid-ignored': ['job.search.numeric-user-id-uuid-rejected', 'job.search.user-id-uuid-matches-user-id'],
  'job-deprecated-user-id-rejected': ['job.search.user-id-uuid-matches-user-id'],
  'job-search-user-id-uuid-numeric-accepted': ['job.search.numeric-user-id-uuid-rejected'],
  // dse-object: includeHistory, users by UUID (spec §4.2).
  'job-include-history-ignored': ['job.dse-object.include-history'],
  'job-dse-object-user-uuid-missing': ['job.dse-object.served', 'job.dse-object.user-identifiers'],
  // Participants by UUID (spec §4.2, §9.3).
  'job-participants-list-uuid-not-uuid': [
    'job.participant-remove.served',
    'job.participants-add.served',
    'job.participants-list.served',
    'job.participants-replace.served',
    'job.participants.by-uuid',
  ],
  'job-participants-uuid-body-rejected': [
    'job.participant-remove.served',
    'job.participants-add.served',
    'job.participants-replace.served',
    'job.participants.by-uuid',
  ],
  'job-participants-patch-replaces': ['job.participants.by-uuid'],
  'job-participant-numeric-id-accepted': ['job.participants.numeric-id-rejected'],
};

/** The job module's checks that each fault must turn into an observation. */
export const jobObservations: ObservationExpectations = {
  // A 7.4 patch level that already serves 8.0's additions is reported, not failed (issue 3).
  'job-added-endpoints-served-early': [
    'job.assets-discussion-count.absent-before-8.0',
    'job.assets-jobs.absent-before-8.0',
    'job.assets-products.absent-before-8.0',
    'job.dse-object-histories.absent-before-8.0',
    'job.participant-remove.absent-before-8.0',
    'job.participants-add.absent-before-8.0',
    'job.participants-list.absent-before-8.0',
    'job.participants-replace.absent-before-8.0',
    'job.process-type-v2.absent-before-8.0',
  ],
};
