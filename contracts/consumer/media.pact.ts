/**
 * Media module contracts (spec §2 "AI tagging", "Webhook creation filter",
 * "Asset", "Themes list"; §3; §4.4; §6).
 */
import { MatchersV3 } from '../matchers.ts';
import { uuid } from '../uuid-matcher.ts';
import {
  createWebhook,
  getAiTaggingStatus,
  getArchiveEntries,
  getAsset,
  getThemes,
  getWorkflowSteps,
  getWorkflowStepsV12,
  setAiTaggingState,
} from '../../src/api/modules/media.ts';
import { contractWebhookTitle } from '../../src/contracts/provider-states.ts';
import { example, stateValue, type ContractInteraction, type ModuleContracts } from '../interaction.ts';

const { atLeastLike, eachLike, integer, like, string } = MatchersV3;

const webhook = { title: contractWebhookTitle, url: 'https://integration.example.com/hooks/media', events: ['CREATED'] };

/** Deprecated in 8.0 and still served beside its v1.2 replacement (spec §4.4, §9.4); the step list is not shown. */
const workflowSteps: ContractInteraction = {
  slug: 'vdb-workflow-steps-v1-1',
  // 7.4 without integer ids: no virtual database id for the provider state to discover.
  killedBy: ['media-workflow-steps-v1.1-sign-in-page', 'media-integer-ids-missing-in-7.4@7.4'],
  // Not served: the served check holds that finding, and the interaction is not checked.
  observedBy: ['media-workflow-steps-removed-early'],
  description: 'a request for the workflow steps of a virtual database',
  state: 'a virtual database exists',
  endpoint: 'media.vdb-workflow-steps',
  status: 200,
  responseBody: { steps: like([]) },
  drive: (api) => getWorkflowSteps(api, example('vdbId')),
};

export const mediaContracts: ModuleContracts = {
  module: 'media',
  versions: {
    '7.4': [
      {
        slug: 'asset',
        killedBy: ['media-asset-id-as-string'],
        description: 'a request for an asset',
        state: 'an asset exists',
        endpoint: 'media.asset',
        status: 200,
        responseBody: { id: integer(example('mediaAssetId')) },
        drive: (api) => getAsset(api, example('mediaAssetId')),
      },
      {
        slug: 'archive-entries',
        killedBy: ['media-archive-entries-wrapped-in-7.4'],
        observedBy: ['media-archive-entries-removed-early'],
        description: 'a request for the archive entries of an asset',
        state: 'an asset exists',
        endpoint: 'media.archive-entries-asset',
        status: 200,
        // Any number of entries: a plain file has none.
        responseBody: like([]),
        drive: (api) => getArchiveEntries(api, example('mediaAssetId')),
      },
      {
        slug: 'themes-as-tree',
        killedBy: ['media-themes-array-in-7.4'],
        description: 'a request for the theme tree',
        state: 'media themes exist',
        endpoint: 'media.themes',
        status: 200,
        responseBody: { id: integer(1000), children: eachLike({ id: integer(1010) }) },
        drive: (api) => getThemes(api),
      },
      {
        slug: 'webhook-create-by-vdb-id',
        killedBy: ['media-integer-ids-missing-in-7.4'],
        observedBy: ['media-webhooks-only-at-v1.2'],
        description: 'a request to create a webhook filtered by virtual database id',
        state: 'a virtual database exists',
        endpoint: 'media.webhook-create',
        body: { ...webhook, filters: { vdbIds: [stateValue('vdbId')] } },
        status: 201,
        responseBody: { id: integer(1) },
        drive: (api) => createWebhook(api, { ...webhook, filters: { vdbIds: [example('vdbId')] } }),
      },
      workflowSteps,
    ],
    '8.0': [
      {
        slug: 'ai-tagging-status',
        // Without the AI tagging routes the provider state cannot read the state it restores: a failed setup, not a skip.
        killedBy: ['media-ai-tagging-progress-incomplete', 'media-ai-tagging-missing'],
        description: 'a request for the progress of the AI tagging service',
        state: 'the AI tagging service is available',
        endpoint: 'media.ai-tagging-status',
        status: 200,
        responseBody: { currentState: string('RUNNING'), processedItems: integer(120), totalItems: integer(2326) },
        drive: (api) => getAiTaggingStatus(api),
      },
      {
        slug: 'ai-tagging-start',
        killedBy: ['media-ai-tagging-state-update-without-state', 'media-ai-tagging-missing'],
        description: 'a request to set the state of the AI tagging service to RUNNING',
        state: 'the AI tagging service is available',
        endpoint: 'media.ai-tagging-state-update',
        body: { state: 'RUNNING' },
        status: 200,
        responseBody: { currentState: string('RUNNING') },
        drive: (api) => setAiTaggingState(api, 'RUNNING'),
      },
      {
        slug: 'asset-with-asset-sets',
        killedBy: ['media-asset-id-as-string', 'media-asset-sets-missing', 'media-uuid-not-uuid'],
        description: 'a request for an asset with its asset sets',
        state: 'an asset with asset sets exists',
        endpoint: 'media.asset',
        status: 200,
        responseBody: {
          id: integer(example('mediaAssetId')),
          owner: { uuid: uuid('c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5') },
          // Present, and a list of sets (spec §2); an asset may belong to none.
          assetSets: atLeastLike({ id: integer(601), name: string('Spring campaign key visuals') }, 0, 1),
        },
        drive: (api) => getAsset(api, example('mediaAssetId')),
      },
      {
        slug: 'themes-as-array',
        killedBy: ['media-themes-not-array'],
        description: 'a request for the themes as a list',
        state: 'media themes exist',
        endpoint: 'media.themes',
        status: 200,
        responseBody: eachLike({ id: integer(1010) }),
        drive: (api) => getThemes(api),
      },
      {
        slug: 'webhook-create-by-vdb-uuid',
        killedBy: ['media-webhook-vdb-uuids-rejected', 'media-uuid-not-uuid'],
        observedBy: ['media-webhooks-only-at-v1.2'],
        description: 'a request to create a webhook filtered by virtual database UUID',
        state: 'a virtual database with a UUID exists',
        endpoint: 'media.webhook-create',
        body: { ...webhook, filters: { vdbUuids: [stateValue('vdbUuid')] } },
        status: 201,
        responseBody: { id: integer(1) },
        drive: (api) => createWebhook(api, { ...webhook, filters: { vdbUuids: [example('vdbUuid')] } }),
      },
      workflowSteps,
      {
        slug: 'vdb-workflow-steps-v1-2',
        killedBy: ['media-workflow-steps-replacement-sign-in-page'],
        observedBy: ['media-workflow-steps-replacement-missing'],
        description: 'a request for the workflow steps of a virtual database at the v1.2 path',
        state: 'a virtual database exists',
        endpoint: 'media.vdb-workflow-steps',
        replacement: true,
        status: 200,
        responseBody: { steps: like([]) },
        drive: (api) => getWorkflowStepsV12(api, example('vdbId')),
      },
    ],
  },
};
