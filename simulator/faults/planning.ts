import type { FaultDefinition } from './fault.ts';

/** Named deviations of the planning module from the spec (spec §2, §4.3, §9). */
export const planningFaults = {
  'planning-group-uid-missing': {
    description: 'Groups are written without uid, in the list and in create responses.',
    spec: '§2, §4.3',
    versions: ['8.0'],
  },
  'planning-group-list-missing': {
    description: 'GET /group, added in 8.0, is not served.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-group-delete-ignored': {
    description: 'DELETE /group/{id} answers 204 but the group stays.',
    spec: '§4.3',
    versions: ['7.4', '8.0'],
  },
  'planning-group-writes-removed-early': {
    description: 'POST /group, PUT /group/{id} and DELETE /group/{id} (deprecated in 8.0, still to be served) are gone.',
    spec: '§4.3, §9.4',
    versions: ['7.4', '8.0'],
  },
  'planning-writes-server-error': {
    description: 'PUT /group/{id}, DELETE /group/{id}, PUT /usergroups/user/{userId} and PUT /view/{viewId} answer HTTP 500 and change nothing.',
    spec: '§4.3',
    versions: ['7.4', '8.0'],
  },
  'planning-node-copy-removed-early': {
    description: 'POST /node/{nodeId}/copy/{parentId} (deprecated in 8.0, still to be served) is gone.',
    spec: '§4.3, §9.4',
    versions: ['7.4', '8.0'],
  },
  'planning-usergroups-removed-early': {
    description: 'The /usergroups endpoints (deprecated in 8.0, still to be served) are gone.',
    spec: '§4.3, §9.4',
    versions: ['7.4', '8.0'],
  },
  'planning-usergroups-all-no-content': {
    description: 'GET /usergroups/all (deprecated in 8.0, still to be served) answers 204 without a body, not 200.',
    spec: '§4.3, §9.4',
    versions: ['7.4', '8.0'],
  },
  'planning-icon-still-object': {
    description: 'The node-type icon download still returns a JSON object in 8.0 instead of a string.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-icon-string-before-8.0': {
    description: 'The node-type icon download already returns the 8.0 string in 7.4, where it is an object.',
    spec: '§4.3',
    versions: ['7.4'],
  },
  'planning-fee-amount-string': {
    description: 'Fee amounts are written as strings instead of numbers.',
    spec: '§2',
    versions: ['8.0'],
  },
  'planning-fee-query-rejected': {
    description: 'GET /fee answers 400 to the query parameter.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-filtered-ids-rejected': {
    description: 'Node copy answers 400 to the optional filteredIds request property.',
    spec: '§2, §4.3',
    versions: ['8.0'],
  },
  'planning-dimension-node-update-missing': {
    description: 'PUT /dimension/node/{nodeId} (changed in 8.0, served in both versions) is not served.',
    spec: '§4.3',
    versions: ['7.4', '8.0'],
  },
  'planning-dimension-node-metadata-rejected': {
    description: 'PUT /dimension/node/{nodeId} refuses the additional node metadata (nodeId) with 400, as 7.4 did.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-node-allchildren-missing': {
    description: 'The node-allchildren listings added in 8.0 (GET /node/allchildren, /dimension/node-allchildren and /task/node-allchildren) are not served.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-node-allchildren-direct-only': {
    description: 'GET /node/allchildren/{nodeId} lists only the direct children of the node, not all nodes below it.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-user-uuid-missing': {
    description: 'Planning users (responsible persons of nodes and tasks) are written without their uuid in 8.0.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'planning-view-creator-not-uuid': {
    description: 'Views carry the creator as a numeric user id in creatorId instead of a UUID.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'planning-views-missing': {
    description: 'The view endpoints added in 8.0 (create, list, details, update, log download, last used) are not served.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-view-log-download-missing': {
    description: 'GET /view/log/download/{viewId}, added in 8.0, is not served; the other view endpoints are.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-additions-served-early': {
    description: 'A 7.4 instance already serves the planning endpoints that 8.0 adds (group list, fees, the node-allchildren listings, views); real 7.4 patch levels differ.',
    spec: '§4.3',
    versions: ['7.4'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
