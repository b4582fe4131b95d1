import type { FaultDefinition } from '../../faults/fault.ts';

/** Named deviations of the planning module from the spec (spec §2, §4.3). */
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
  'planning-usergroups-removed-early': {
    description: 'The deprecated /usergroups endpoints are already gone in 8.0.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-icon-still-object': {
    description: 'The node-type icon download still returns a JSON object in 8.0 instead of a string.',
    spec: '§4.3',
    versions: ['8.0'],
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
  'planning-dimension-node-metadata-rejected': {
    description: 'PUT /dimension/node/{nodeId} refuses the additional node metadata (nodeId) with 400, as 7.4 did.',
    spec: '§4.3',
    versions: ['8.0'],
  },
  'planning-node-allchildren-missing': {
    description: 'GET /node/allchildren/{nodeId}, added in 8.0, is not served.',
    spec: '§4.3',
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
} as const satisfies Readonly<Record<string, FaultDefinition>>;
