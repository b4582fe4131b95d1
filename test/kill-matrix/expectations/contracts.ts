import type { KillExpectations } from './types.ts';

/**
 * The contract checks (suites/contracts: one per pact interaction, ids from
 * the pacts' testname) that each fault must make fail. A shape fault fails
 * the interaction that relies on the shape; a fault that hides what a
 * provider state discovers (an id, a listing) fails the interactions of
 * that state, since the embedded platform's seed data always has it.
 */
export const contractKills: KillExpectations = {
  // Job module (spec §2, §4.2)
  'job-my-active-uuid-dropped': ['contract.job.my-active-assignees-by-uuid', 'contract.job.jobs-search-by-user-uuid'],
  'job-assignee-uuid-not-uuid': ['contract.job.my-active-assignees-by-uuid', 'contract.job.jobs-search-by-user-uuid'],
  'job-sort-rejected': ['contract.job.my-active-assignees-by-uuid'],
  'job-legacy-user-id-missing': ['contract.job.my-active-assignees-by-id', 'contract.job.jobs-search-by-user-id'],
  'job-search-pending-state-rejected': ['contract.job.jobs-search-by-user-id', 'contract.job.jobs-search-by-user-uuid'],
  'job-grid-rows-delete-removed-early': ['contract.job.grid-rows-bulk-delete'],

  // Planning module (spec §2, §4.3)
  'planning-icon-still-object': ['contract.planning.node-type-icon-as-string'],
  'planning-icon-string-before-8.0': ['contract.planning.node-type-icon-as-object'],
  'planning-usergroups-removed-early': ['contract.planning.usergroups-all'],
  'planning-group-list-missing': ['contract.planning.group-list-with-uid'],
  'planning-group-uid-missing': ['contract.planning.group-list-with-uid'],
  'planning-fee-amount-string': ['contract.planning.fee-list'],
  'planning-fee-query-rejected': ['contract.planning.fee-list'],
  'planning-view-creator-not-uuid': ['contract.planning.view-details'],
  'planning-views-missing': ['contract.planning.view-details'],

  // Media module (spec §2, §3, §4.4, §6)
  'media-ai-tagging-missing': ['contract.media.ai-tagging-status', 'contract.media.ai-tagging-start'],
  'media-ai-tagging-progress-incomplete': ['contract.media.ai-tagging-status'],
  'media-asset-sets-missing': ['contract.media.asset-with-asset-sets'],
  'media-asset-id-as-string': ['contract.media.asset', 'contract.media.asset-with-asset-sets'],
  'media-uuid-not-uuid': ['contract.media.asset-with-asset-sets', 'contract.media.webhook-create-by-vdb-uuid'],
  'media-archive-entries-removed-early': ['contract.media.archive-entries'],
  'media-themes-not-array': ['contract.media.themes-as-array'],
  'media-themes-array-in-7.4': ['contract.media.themes-as-tree'],
  'media-webhook-vdb-uuids-rejected': ['contract.media.webhook-create-by-vdb-uuid'],
  // 7.4 without integer ids: no virtual database id to discover for the 7.4 webhook filter and workflow steps.
  'media-integer-ids-missing-in-7.4': ['contract.media.webhook-create-by-vdb-id', 'contract.media.vdb-workflow-steps-v1-1'],
  'media-webhooks-only-at-v1.2': ['contract.media.webhook-create-by-vdb-id', 'contract.media.webhook-create-by-vdb-uuid'],
  'media-workflow-steps-removed-early': ['contract.media.vdb-workflow-steps-v1-1'],
  'media-workflow-steps-replacement-missing': ['contract.media.vdb-workflow-steps-v1-2'],

  // Review module (spec §4.5)
  'review-general-info-missing': ['contract.review.general-info'],

  // Template builder module (spec §4.6)
  'template-builder-removed-early': ['contract.template-builder.user-write-attachments', 'contract.template-builder.attachment-external-ids'],
  'template-builder-boxes-missing': ['contract.template-builder.template-boxes'],
  'template-builder-variables-missing': ['contract.template-builder.template-variables'],

  // Shop module (spec §4.7)
  'shop-search-still-array': ['contract.shop.advanced-search-as-object'],
  'shop-search-object-in-7.4': ['contract.shop.advanced-search-as-array'],
};
