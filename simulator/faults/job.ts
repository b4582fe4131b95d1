import type { FaultDefinition } from './fault.ts';

/** Named deviations of the job module from the spec (spec §2, §4.2, §9). */
export const jobFaults = {
  'job-removed-grid-delete-still-served': {
    description: 'DELETE …/grids/{variableInstanceId}/rows/_delete, removed in 8.0, is still served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-assets-jobs-missing': {
    description: 'GET /dse/rest/{version}/assets/{assetId}/jobs, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-histories-missing': {
    description: 'GET /dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}/histories, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-process-types-v2-missing': {
    description: 'GET /dse/rest/v2/process-types/{technicalName}, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-participants-delete-missing': {
    description: 'DELETE …/participants/{userUUID}, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-dse-object-history-user-uuid-inconsistent': {
    description: 'the dse-object history items (includeHistory=true) name their user with a UUID other than the one the same numeric user id carries in the creator and assignees of the same body.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'job-histories-user-uuid-inconsistent': {
    description: 'GET …/histories names each user with a UUID other than the one the same numeric user id carries in GET …/dse-object.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'job-my-active-uuid-dropped': {
    description: 'my-active assignees carry no uuid, only the legacy numeric id.',
    spec: '§2',
    versions: ['8.0'],
  },
  'job-assignee-uuid-not-uuid': {
    description: 'my-active assignees carry the numeric user id, as a string, in the uuid field.',
    spec: '§2',
    versions: ['8.0'],
  },
  'job-my-active-assignment-missing': {
    description: 'my-active items carry no assignment, as in 7.4, although 8.0 gives every item one.',
    spec: '§2, §4.2',
    versions: ['8.0'],
  },
  'job-my-active-job-id-as-string': {
    description: 'my-active writes each item\'s jobInstanceId as a string ("20481") instead of an integer.',
    spec: '§2',
    versions: ['7.4'],
  },
  'job-my-active-paging-ignored': {
    description: 'my-active ignores offset and limit and returns every active job.',
    spec: '§2',
    versions: ['7.4', '8.0'],
  },
  'job-sort-rejected': {
    description: 'my-active answers 400 to the new sort query parameter.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-search-user-id-uuid-ignored': {
    description: 'jobs/_search ignores userIdUUID and searches as the calling user.',
    spec: '§2, §4.2',
    versions: ['8.0'],
  },
  'job-search-user-id-uuid-numeric-accepted': {
    description: 'jobs/_search accepts a numeric user id in userIdUUID instead of answering 400.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'job-deprecated-user-id-rejected': {
    description: 'jobs/_search answers 400 to the deprecated userId field, which must still work.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-include-history-rejected': {
    description: 'dse-object answers 400 to the query parameter includeHistory, new in 8.0, as if it did not know it.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-dse-object-user-uuid-missing': {
    description: 'dse-object writes its users (creator, assignees) without uuid.',
    spec: '§4.2, §2',
    versions: ['8.0'],
  },
  'job-participant-numeric-id-accepted': {
    description: 'The participant endpoints accept numeric user ids where a UUID is required.',
    spec: '§4.2, §9.3',
    versions: ['8.0'],
  },
  'job-participants-patch-replaces': {
    description: 'PATCH …/participants replaces the existing participants instead of adding to them.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-assets-products-missing': {
    description: 'GET /dse/rest/{version}/assets/{assetId}/products, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-discussion-count-missing': {
    description: 'GET /dse/rest/{version}/assets/{assetId}/discussion-count, added in 8.0, is not served.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-participants-list-uuid-not-uuid': {
    description: 'GET …/participants writes the numeric user id, as a string, in userUUID.',
    spec: '§4.2, §9.3',
    versions: ['8.0'],
  },
  'job-participants-uuid-body-rejected': {
    description: 'PUT and PATCH …/participants refuse a JSON array of user UUIDs with 400.',
    spec: '§4.2',
    versions: ['8.0'],
  },
  'job-search-pending-state-rejected': {
    description: 'jobs/_search answers 400 to the search state PENDING.',
    spec: '§2, §3',
    versions: ['7.4', '8.0'],
  },
  'job-legacy-user-id-missing': {
    description: 'my-active and dse-object write users by uuid only, without the numeric id that identifies them up to 7.4.',
    spec: '§9.3',
    versions: ['7.4'],
  },
  'job-grid-rows-delete-removed-early': {
    description: 'DELETE …/grids/{variableInstanceId}/rows/_delete, removed only in 8.0, is already gone in 7.4.',
    spec: '§4.2',
    versions: ['7.4'],
  },
  'job-grid-rows-delete-no-content': {
    description: 'DELETE …/grids/{variableInstanceId}/rows/_delete answers 204 without a body in 7.4, not 200 with true (the contract a 7.4 client keeps).',
    spec: '§4.2',
    versions: ['7.4'],
  },
  'job-added-endpoints-served-early': {
    description: 'A 7.4 patch level already serves the job endpoints 8.0 adds (asset usage, histories, process type v2, participants).',
    spec: '§4.2',
    versions: ['7.4'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
