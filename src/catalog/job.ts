/**
 * Job module endpoint changes, spec §4.2 (prefix `/dse/rest`).
 *
 * `{version}` in the asset paths: the spec (§9.2) and the vendor's document
 * name no value; the suites use `v1.0`, the version segment of the module's
 * other v1 services.
 */
import { endpointChanges } from './types.ts';

const versionSegment = 'v1.0';
const dseObject = { instanceId: 'jobInstanceId', l10nLocaleId: 'locale' } as const;
const participantsNote = 'security requirements updated in 8.0 (spec §5.13); the roles are not named';

export const jobEntries = endpointChanges([
  {
    id: 'job.grid-rows-delete',
    module: 'job',
    method: 'DELETE',
    path: '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete',
    change: 'removed',
    specSection: '§4.2',
    mutating: true,
    pathParams: { ordinalNumber: 'jobOrdinalNumber', variableInstanceId: 'gridVariableInstanceId' },
    faults: {
      served: { killedBy: ['job-grid-rows-delete-removed-early', 'job-grid-rows-delete-no-content'] },
      gone: { killedBy: ['job-removed-grid-delete-still-served'] },
    },
  },
  {
    id: 'job.assets-discussion-count',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/{version}/assets/{assetId}/discussion-count',
    versionSegment,
    change: 'added',
    schemas: { response: { '8.0': '8.0/discussion-count' } },
    specSection: '§4.2',
    mutating: false,
    pathParams: { assetId: 'mediaAssetId' },
    faults: {
      served: { killedBy: ['job-discussion-count-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.assets-jobs',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/{version}/assets/{assetId}/jobs',
    versionSegment,
    change: 'added',
    schemas: { response: { '8.0': '8.0/dse-object-light-page' } },
    specSection: '§4.2',
    notes: 'paginated list of jobs containing the asset',
    mutating: false,
    pathParams: { assetId: 'mediaAssetId' },
    faults: {
      served: { killedBy: ['job-assets-jobs-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.assets-products',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/{version}/assets/{assetId}/products',
    versionSegment,
    change: 'added',
    schemas: { response: { '8.0': '8.0/dse-object-light-page' } },
    specSection: '§4.2',
    notes: 'paginated list of products containing the asset',
    mutating: false,
    pathParams: { assetId: 'mediaAssetId' },
    faults: {
      served: { killedBy: ['job-assets-products-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.dse-object-histories',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}/histories',
    change: 'added',
    schemas: { response: { '8.0': '8.0/dse-object-history-page' } },
    specSection: '§4.2',
    mutating: false,
    pathParams: dseObject,
    faults: {
      served: { killedBy: ['job-histories-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.process-type-v2',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/v2/process-types/{technicalName}',
    change: 'added',
    schemas: { response: { '8.0': '8.0/process-type-v2' } },
    specSection: '§4.2',
    mutating: false,
    pathParams: { technicalName: 'processTypeTechnicalName' },
    faults: {
      served: { killedBy: ['job-process-types-v2-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.participants-list',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants',
    change: 'added',
    schemas: { response: { '8.0': '8.0/dse-participant-list' } },
    specSection: '§4.2',
    notes: participantsNote,
    mutating: false,
    pathParams: dseObject,
    faults: {
      served: { killedBy: ['job-participants-list-uuid-not-uuid'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.participants-add',
    module: 'job',
    method: 'PATCH',
    path: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants',
    change: 'added',
    schemas: { request: { '8.0': '8.0/participant-uuid-list' } },
    specSection: '§4.2',
    notes: `adds participants without replacing existing ones; ${participantsNote}`,
    mutating: true,
    pathParams: dseObject,
    faults: {
      served: { killedBy: ['job-participants-list-uuid-not-uuid', 'job-participants-uuid-body-rejected'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.participants-replace',
    module: 'job',
    method: 'PUT',
    path: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants',
    change: 'added',
    schemas: { request: { '8.0': '8.0/participant-uuid-list' } },
    specSection: '§4.2',
    notes: `replaces the existing participants; ${participantsNote}`,
    mutating: true,
    pathParams: dseObject,
    faults: {
      served: { killedBy: ['job-participants-list-uuid-not-uuid', 'job-participants-uuid-body-rejected'] },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.participant-remove',
    module: 'job',
    method: 'DELETE',
    path: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants/{userUUID}',
    change: 'added',
    specSection: '§4.2',
    notes: `userUUID is a UUID; ${participantsNote}`,
    mutating: true,
    pathParams: { ...dseObject, userUUID: 'userUuid' },
    faults: {
      served: {
        // A refused UUID body (PATCH …/participants) only stops the re-add that restores the participant afterwards:
        // the DELETE itself is served (spec §4.2), and the restore shows as "not undone" in the data changes.
        killedBy: ['job-participants-delete-missing', 'job-participants-list-uuid-not-uuid'],
      },
      absentBefore8: { killedBy: [], observedBy: ['job-added-endpoints-served-early'] },
    },
  },
  {
    id: 'job.dashboard-my-active',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/v1.0/dashboards/my-active',
    change: 'changed',
    newParameters: ['sort'],
    schemas: { response: { '7.4': '7.4/dashboard-my-active', '8.0': '8.0/dashboard-my-active' } },
    specSection: '§4.2',
    notes: 'assignees identified by UUID (spec §2)',
    mutating: false,
    pathParams: {},
    faults: {
      served: {
        killedBy: ['job-my-active-uuid-dropped', 'job-assignee-uuid-not-uuid', 'job-sort-rejected', 'job-legacy-user-id-missing', 'job-my-active-assignment-missing', 'job-my-active-job-id-as-string'],
      },
    },
  },
  {
    id: 'job.dse-object',
    module: 'job',
    method: 'GET',
    path: '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}',
    change: 'changed',
    newParameters: ['includeHistory'],
    schemas: { response: { '7.4': '7.4/dse-object', '8.0': '8.0/dse-object' } },
    specSection: '§4.2',
    notes: 'users in the response identified by UUID',
    mutating: false,
    pathParams: dseObject,
    faults: {
      served: { killedBy: ['job-dse-object-user-uuid-missing', 'job-legacy-user-id-missing', 'job-include-history-rejected'] },
    },
  },
  {
    id: 'job.jobs-search',
    module: 'job',
    method: 'POST',
    path: '/dse/rest/v1.0/jobs/_search',
    change: 'changed',
    newFields: { request: ['userIdUUID'] },
    deprecatedFields: { request: ['userId'] },
    schemas: {
      request: { '7.4': '7.4/job-search-request', '8.0': '8.0/job-search-request' },
      response: { '7.4': 'common/job-search-response', '8.0': 'common/job-search-response' },
    },
    specSection: '§4.2',
    mutating: false,
    readOnlyReason: 'a search: the query travels in the POST body, no data changes',
    pathParams: {},
    faults: {
      served: { killedBy: ['job-search-pending-state-rejected'] },
    },
  },
]);
