import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The AI tagging service's lifecycle checks, 8.0 (spec §4.4). */
const aiTaggingServed = [
  'media.ai-tagging-status.served',
  'media.ai-tagging-state-update.served',
  'media.ai-tagging-asset.served',
  'media.ai-tagging-asset-force.served',
  'media.ai-tagging-configurations.served',
  'media.ai-tagging-configuration-save.served',
  'media.ai-tagging-configuration-delete.served',
  'media.ai-tagging-providers.served',
  'media.ai-tagging-provider-save.served',
  'media.ai-tagging-provider-delete.served',
  'media.ai-tagging-statistics.served',
  'media.ai-tagging-statistics-reset.served',
];

/** The role checks of the AI tagging reads (spec §5.11). */
const aiTaggingRoles = [
  'media.ai-tagging-status.role-required',
  'media.ai-tagging-asset.role-required',
  'media.ai-tagging-configurations.role-required',
  'media.ai-tagging-providers.role-required',
  'media.ai-tagging-statistics.role-required',
];

/** The media module's checks (suites/modules/media) that each fault must make fail. */
export const mediaKills: KillExpectations = {
  'media-archive-entries-still-served': ['media.archive-entries-asset.gone'],
  'media-archive-entries-removed-early': ['media.archive-entries-asset.served'],
  'media-ai-tagging-missing': [
    ...aiTaggingServed,
    ...aiTaggingRoles,
    'media.ai-tagging-state.running-reported',
    'media.ai-tagging-state.unknown-state-refused',
    'media.ai-tagging-statistics-reset.counters-zeroed',
  ],
  'media-ai-tagging-role-not-enforced': aiTaggingRoles,
  'media-ai-tagging-state-ignored': ['media.ai-tagging-state.running-reported'],
  'media-ai-tagging-state-response-stale': ['media.ai-tagging-state.running-reported'],
  'media-ai-tagging-unknown-state-accepted': ['media.ai-tagging-state.unknown-state-refused'],
  'media-ai-tagging-progress-incomplete': ['media.ai-tagging-status.served'],
  'media-statistics-reset-ignored': ['media.ai-tagging-statistics-reset.counters-zeroed'],
  'media-asset-id-as-string': ['media.asset.served'],
  'media-asset-sets-missing': ['media.asset.served'],
  'media-themes-not-array': ['media.themes.served'],
  'media-themes-array-in-7.4': ['media.themes.served'],
  'media-webhooks-only-at-v1.2': [
    'media.webhook-create.served',
    'media.webhook-create.vdb-uuids-kept',
    'media.webhook-create.vdb-uuids-legacy-id-refused',
  ],
  'media-webhook-vdb-uuids-rejected': ['media.webhook-create.served', 'media.webhook-create.vdb-uuids-kept'],
  'media-webhook-vdb-uuids-unvalidated': ['media.webhook-create.vdb-uuids-legacy-id-refused'],
  'media-webhook-vdb-uuids-dropped': ['media.webhook-create.vdb-uuids-kept'],
  // 7.4 and 8.0: the workflow-steps identifier check reads the v1.1 path in 7.4 (v1.2 in 8.0).
  'media-workflow-steps-removed-early': ['media.vdb-workflow-steps.served', 'media.identifiers.workflow-steps'],
  'media-workflow-steps-replacement-missing': ['media.vdb-workflow-steps.replacement-served', 'media.identifiers.workflow-steps'],
  'media-user-uuid-dropped': ['media.identifiers.users'],
  // The virtual database UUID (the vdbId fixture in 8.0) is then no UUID, so the webhook filter refuses it too; the asset's owner fails its schema.
  'media-uuid-not-uuid': [
    'media.identifiers.users',
    'media.identifiers.virtual-databases',
    'media.identifiers.asset',
    'media.identifiers.workflow-steps',
    'media.asset.served',
    'media.webhook-create.served',
    'media.webhook-create.vdb-uuids-kept',
  ],
  // 7.4 without integer ids: the vdbId fixture falls back to the UUID, which the 7.4 workflow steps refuse.
  'media-integer-ids-missing-in-7.4': [
    'media.identifiers.users',
    'media.identifiers.virtual-databases',
    'media.identifiers.asset',
    'media.identifiers.workflow-steps',
    'media.vdb-workflow-steps.served',
  ],
  'media-attribute-nodes-missing': [
    'media.asset-attribute-nodes.served',
    'media.asset-attribute-nodes.filter-roots',
    'media.asset-attribute-nodes.parent-children',
  ],
  'media-attribute-nodes-filter-ignored': ['media.asset-attribute-nodes.filter-roots', 'media.asset-attribute-nodes.parent-children'],
  'media-asset-attributes-unfiltered-error': ['media.asset-attributes.served', 'media.asset-attributes.language-tags'],
  'media-attribute-language-names-ignored': ['media.asset-attributes.language-tags'],
  'media-web-tracing-missing': ['media.web-tracing.served'],
};

/** The media module's checks that each fault must turn into an observation. */
export const mediaObservations: ObservationExpectations = {
  // An 8.0-only service already on a 7.4 instance is reported, not failed: 7.4 patch levels differ.
  'media-ai-tagging-served-in-7.4': aiTaggingServed.map((id) => id.replace(/\.served$/, '.absent-before-8.0')),
};
