import type { FaultDefinition } from './fault.ts';

/** Named deviations of the media module from the spec. */
export const mediaFaults = {
  'media-archive-entries-server-error': {
    description: '8.0 neither removes nor serves GET /rest/mp/v1.0/archive-entries/asset/{assetId}: the route answers 500.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-archive-entries-removed-early': {
    description: '7.4 no longer serves GET /rest/mp/v1.0/archive-entries/asset/{assetId}, which only 8.0 removes.',
    spec: '§4.4',
    versions: ['7.4'],
  },
  'media-ai-tagging-missing': {
    description: '8.0 serves none of the /rest/mp/v1.1/ai-tagging routes.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-ai-tagging-state-update-without-state': {
    description: 'POST /rest/mp/v1.1/ai-tagging answers 200 without the currentState the spec names in its response.',
    spec: '§2, §3, §4.4',
    versions: ['8.0'],
  },
  'media-archive-entries-wrapped-in-7.4': {
    description: '7.4 answers GET /rest/mp/v1.0/archive-entries/asset/{assetId} with its entries inside an object, not as an array.',
    spec: '§4.4',
    versions: ['7.4'],
  },
  'media-workflow-steps-v1.1-sign-in-page': {
    description: 'The deprecated GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps answers 200 with an HTML sign-in page in 8.0, as a gateway in front of a route it no longer knows.',
    spec: '§4.4, §9.4',
    versions: ['8.0'],
  },
  'media-ai-tagging-saves-missing': {
    description: 'POST /rest/mp/v1.1/ai-tagging/configurations/{configurationId} and …/providers/{providerId}, added in 8.0, are not served; the reads are.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-ai-tagging-served-in-7.4': {
    description: '7.4 already serves the /rest/mp/v1.1/ai-tagging routes that 8.0 adds.',
    spec: '§4.4',
    versions: ['7.4'],
  },
  'media-ai-tagging-role-not-enforced': {
    description: 'The AI tagging routes admit a caller without PLATFORM_ORGANISATION_MANAGE_MP_SEARCH_CONFIGURATION.',
    spec: '§5.11',
    versions: ['8.0'],
  },
  'media-ai-tagging-state-ignored': {
    description: 'POST /rest/mp/v1.1/ai-tagging answers the requested state but does not store it, so GET keeps reporting the old one.',
    spec: '§3',
    versions: ['8.0'],
  },
  'media-ai-tagging-state-response-stale': {
    description: 'POST /rest/mp/v1.1/ai-tagging moves the service but answers with the state it had before the move.',
    spec: '§3',
    versions: ['8.0'],
  },
  'media-ai-tagging-unknown-state-accepted': {
    description: 'POST /rest/mp/v1.1/ai-tagging answers 200 to a state value the service does not know.',
    spec: '§2, §3',
    versions: ['8.0'],
  },
  'media-ai-tagging-progress-incomplete': {
    description: 'GET /rest/mp/v1.1/ai-tagging answers without processedItems and totalItems.',
    spec: '§2, §4.4',
    versions: ['8.0'],
  },
  'media-statistics-reset-ignored': {
    description: 'POST /rest/mp/v1.1/ai-tagging/statistics/reset answers success but leaves the counters as they were.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-asset-id-as-string': {
    description: 'GET /rest/mp/v1.1/assets/{assetId} answers the asset id as a string ("77401") instead of an integer.',
    spec: '§2, §4.4',
    versions: ['7.4', '8.0'],
  },
  'media-asset-sets-missing': {
    description: 'GET /rest/mp/v1.1/assets/{assetId} answers without assetSets in 8.0.',
    spec: '§2, §4.4',
    versions: ['8.0'],
  },
  'media-themes-not-array': {
    description: 'GET /rest/mp/v1.2/themes keeps the 7.4 single-root object in 8.0 instead of an array of themes.',
    spec: '§2, §4.4',
    versions: ['8.0'],
  },
  'media-themes-array-in-7.4': {
    description: 'GET /rest/mp/v1.2/themes already answers the 8.0 array in 7.4.',
    spec: '§4.4',
    versions: ['7.4'],
  },
  'media-webhooks-only-at-v1.2': {
    description: 'The webhook routes are served only at the vendor document\'s /rest/mp/v1.2/webhooks, not at the spec\'s /rest/mp/v1.1/webhooks.',
    spec: '§4.4, §6',
    versions: ['7.4', '8.0'],
  },
  'media-webhook-vdb-uuids-rejected': {
    description: 'POST /rest/mp/v1.1/webhooks refuses filters.vdbUuids with 400 in 8.0, as 7.4 did.',
    spec: '§4.4, §6',
    versions: ['8.0'],
  },
  'media-webhook-vdb-uuids-unvalidated': {
    description: 'POST /rest/mp/v1.1/webhooks accepts vdbUuids that are not UUIDs or name no virtual database.',
    spec: '§2, §6',
    versions: ['8.0'],
  },
  'media-webhook-vdb-uuids-dropped': {
    description: 'POST /rest/mp/v1.1/webhooks accepts filters.vdbUuids but the created webhook does not carry them.',
    spec: '§6',
    versions: ['8.0'],
  },
  'media-workflow-steps-removed-early': {
    description: 'GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps is gone: in 7.4, where it is current, or in 8.0, which only deprecates it.',
    spec: '§4.4, §9.4',
    versions: ['7.4', '8.0'],
  },
  'media-workflow-steps-replacement-missing': {
    description: 'The replacement GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps is not served in 8.0.',
    spec: '§4.4, §9.4',
    versions: ['8.0'],
  },
  'media-workflow-steps-replacement-sign-in-page': {
    description: 'The replacement GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps answers 200 with an HTML sign-in page in 8.0, as a gateway in front of a route it does not know.',
    spec: '§4.4, §9.4',
    versions: ['8.0'],
  },
  'media-user-uuid-dropped': {
    description: 'GET /rest/mp/v1.1/users lists users as {id, name} in 8.0, without uuid.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'media-integer-ids-missing-in-7.4': {
    description: '7.4 names users, virtual databases and divisions by uuid only, without the integer id that identifies them up to 7.4.',
    spec: '§2, §9.3',
    versions: ['7.4'],
  },
  'media-uuid-not-uuid': {
    description: 'The uuid of 8.0 identifier pairs (users, virtual databases, approvers, divisions) is the legacy id as a string.',
    spec: '§2',
    versions: ['8.0'],
  },
  'media-attribute-nodes-missing': {
    description: 'GET /rest/mp/v1.0/asset-attributes/{id}/nodes is not served.',
    spec: '§4.4',
    versions: ['7.4', '8.0'],
  },
  'media-attribute-nodes-filter-ignored': {
    description: 'GET /rest/mp/v1.0/asset-attributes/{id}/nodes ignores filter and parentId in 8.0 and returns every node.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-asset-attributes-unfiltered-error': {
    description: 'GET /rest/mp/v1.0/asset-attributes answers 500 unless attributeType is given, so the full listing fails.',
    spec: '§4.4',
    versions: ['7.4', '8.0'],
  },
  'media-attribute-language-names-ignored': {
    description: 'GET /rest/mp/v1.0/asset-attributes ignores useLanguageNamesResult=false in 8.0 and keeps language names.',
    spec: '§4.4',
    versions: ['8.0'],
  },
  'media-web-tracing-missing': {
    description: 'GET /rest/mp/v1.1/web-tracing/{assetId} is not served.',
    spec: '§4.4',
    versions: ['7.4', '8.0'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
