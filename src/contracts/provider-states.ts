/**
 * The provider states of the project's contracts: one declarative catalog,
 * pact-js style. Each state is a sentence of fact; it names the fixture ids
 * it yields (they fill `fromProviderState` expressions in the pacts) and how
 * to find them on a target. A value comes, in this order, from
 * - the variable `FIXTURE_<NAME>` (always wins: a real instance's own ids),
 * - the embedded platform's seed data, for the few ids no API reveals,
 * - discovery through the platform's API.
 * An id that none of them yields skips the interaction with the variable to set.
 */
import type { PlatformApi } from '../api/platform-api.ts';
import { getMyActiveDashboard, getGridRows } from '../api/modules/job.ts';
import { getFees, listNodeTypes, listViews } from '../api/modules/planning.ts';
import { deleteWebhook, getAsset, listVirtualDatabases, listWebhooks, searchAssets } from '../api/modules/media.ts';
import { findReviews } from '../api/modules/review.ts';
import { listNewestTemplates } from '../api/modules/template-builder.ts';
import type { HttpResponse } from '../http/client.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { arrayOf, idOf, isRecord, member } from '../http/json.ts';
import { aiTaggingStateIrreversible, readAiTaggingState, restoreAiTaggingState } from '../api/modules/ai-tagging-state.ts';
import { irreversibleGuardReason } from './guard-reasons.ts';

/**
 * The ids the contracts use, with the example value the consumer tests put
 * in the pacts (any instance's real value replaces it at verification).
 * Names match src/catalog/fixtures.ts where the catalog has the id.
 */
export const fixtureExamples = {
  mediaAssetId: 77401,
  jobOrdinalNumber: 1201,
  gridVariableInstanceId: 7701,
  gridRowInstanceId: 770103,
  /** Numeric id of a user with active jobs (7.4 searches by it). */
  jobUserId: 1042,
  userUuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f',
  nodeTypeId: 2,
  viewId: '301',
  /** A text the fee list's `query` parameter finds fees by (spec §4.3). */
  feeQuery: 'PERCENT',
  vdbId: 11,
  vdbUuid: '5b0f8a52-3c1e-4d6a-9f27-81e4c0d2a611',
  reviewId: 5695,
  templateId: 3104,
} as const;

export type ContractFixture = keyof typeof fixtureExamples;

export type FixtureValue = string | number;

export type FixtureValues = Partial<Record<ContractFixture, FixtureValue>>;

/**
 * Ids that no API of the platform reveals (the grid of a job), as the
 * embedded platform seeds them. Used for the embedded target only; a real
 * target names its own with FIXTURE_* variables.
 */
export const embeddedFixtures: FixtureValues = {
  jobOrdinalNumber: 1201,
  gridVariableInstanceId: 7701,
};

export interface StateContext {
  readonly api: PlatformApi;
  readonly version: PlatformVersion;
  /** ALLOW_IRREVERSIBLE, or the embedded platform: a change the run cannot undo may be made. */
  readonly allowIrreversible?: boolean;
}

/** Thrown by `remember` when what it found cannot be put back and ALLOW_IRREVERSIBLE is off: the interaction skips with the reason. */
export class IrreversibleHere extends Error {
  override readonly name = 'IrreversibleHere';
}

/** A teardown that could not undo what its state's interaction changed, as known beforehand (ALLOW_IRREVERSIBLE). */
export class NotUndoneHere extends Error {
  override readonly name = 'NotUndoneHere';
}

export interface ProviderStateDefinition {
  /** The fixture ids the state hands to `fromProviderState`. */
  readonly yields: readonly ContractFixture[];
  /** Finds the ids no variable named; `known` holds those already resolved. Empty data: leave them out. */
  readonly discover?: (context: StateContext, known: FixtureValues) => Promise<FixtureValues>;
  /**
   * Reads what an interaction in this state will change, at the state's first setup where mutations are allowed, so
   * that `teardown` can put it back.
   */
  readonly remember?: (context: StateContext) => Promise<unknown>;
  /**
   * Undoes what interactions in this state changed, once after the verification (runs only where mutations are
   * allowed); `remembered` is what `remember` read. Answers what it did, in words for the report; throws when it
   * could not undo it.
   */
  readonly teardown?: (context: StateContext, remembered: unknown) => Promise<string>;
}

/** The title every webhook a contract creates carries, so teardown finds exactly those. */
export const contractWebhookTitle = 'upgrade-guard contract webhook';

export const providerStates = {
  // Job module (spec §2, §4.2)
  'the user has active jobs': { yields: [] },
  'the user has active jobs with assignees': { yields: [] },
  'a user with active jobs exists': {
    yields: ['jobUserId'],
    discover: async ({ api }) => ({ jobUserId: idOf(member(await firstAssignee(api), 'id')) }),
  },
  'a user with a UUID and active jobs exists': {
    yields: ['userUuid'],
    discover: async ({ api }) => ({ userUuid: uuidOf(member(await firstAssignee(api), 'uuid'), 'the first assignee of GET /dse/rest/v1.0/dashboards/my-active') }),
  },
  'a job grid with rows exists': {
    yields: ['jobOrdinalNumber', 'gridVariableInstanceId', 'gridRowInstanceId'],
    discover: async ({ api }, known) => {
      const { jobOrdinalNumber, gridVariableInstanceId } = known;
      if (jobOrdinalNumber === undefined || gridVariableInstanceId === undefined) return {};
      const rows = arrayOf(await readJson(getGridRows(api, { ordinalNumber: jobOrdinalNumber, variableInstanceId: gridVariableInstanceId })));
      // The last row: other checks that read the grid look at its first rows.
      return { gridRowInstanceId: idOf(member(rows.at(-1), 'rowInstanceId')) };
    },
  },

  // Planning module (spec §2, §4.3)
  'planning groups exist': { yields: [] },
  'planning user groups exist': { yields: [] },
  'a fee exists': {
    yields: ['feeQuery'],
    discover: async ({ api }) => {
      const fee = arrayOf(member(await readJson(getFees(api)), 'fees'))[0];
      const type = member(fee, 'type');
      return typeof type === 'string' && type !== '' ? { feeQuery: type } : {};
    },
  },
  'a planning view exists': {
    yields: ['viewId'],
    discover: async ({ api }) => ({ viewId: idOf(member(arrayOf(member(await readJson(listViews(api)), 'content'))[0], 'id')) }),
  },
  'a planning node type with an icon exists': {
    yields: ['nodeTypeId'],
    discover: async ({ api }) => {
      const types = arrayOf(await readJson(listNodeTypes(api)));
      const withIcon = types.find((type) => member(type, 'icon') !== undefined && member(type, 'icon') !== null) ?? types[0];
      return { nodeTypeId: idOf(member(withIcon, 'id')) };
    },
  },

  // Media module (spec §2, §4.4, §6)
  'the AI tagging service is available': {
    yields: [],
    remember: async ({ api, allowIrreversible }) => {
      const found = await readAiTaggingState(api);
      if (typeof found.state !== 'string') throw new Error(`the AI tagging state could not be read to restore it later: GET of the status answered ${found.status}`);
      const irreversible = aiTaggingStateIrreversible(found.state);
      if (irreversible !== undefined && !allowIrreversible) throw new IrreversibleHere(irreversibleGuardReason(irreversible));
      return found.state;
    },
    teardown: async ({ api }, remembered) => {
      if (typeof remembered !== 'string') throw new Error('the AI tagging state was not read before the interaction');
      const restored = await restoreAiTaggingState(api, remembered);
      if (!restored.restored) throw restored.expected ? new NotUndoneHere(restored.detail) : new Error(restored.detail);
      return restored.detail;
    },
  },
  'media themes exist': { yields: [] },
  'an asset exists': {
    yields: ['mediaAssetId'],
    discover: async ({ api }) => ({ mediaAssetId: idOf(member(arrayOf(member(await readJson(searchAssets(api, { limit: 1 })), 'assets'))[0], 'id')) }),
  },
  'an asset with asset sets exists': {
    yields: ['mediaAssetId'],
    // The first asset that has asset sets, so their shape is verified too; else the first asset (an empty list is still a list).
    discover: async ({ api }) => {
      const found = arrayOf(member(await readJson(searchAssets(api, { limit: 20 })), 'assets')).flatMap((asset) => {
        const id = idOf(member(asset, 'id'));
        return id === undefined ? [] : [id];
      });
      for (const assetId of found) {
        const sets = member(await readJson(getAsset(api, assetId)), 'assetSets');
        if (arrayOf(sets).length > 0) return { mediaAssetId: assetId };
      }
      return { mediaAssetId: found[0] };
    },
  },
  'a virtual database exists': {
    yields: ['vdbId'],
    discover: async ({ api }) => ({ vdbId: idOf(member(arrayOf(await readJson(listVirtualDatabases(api)))[0], 'id')) }),
    teardown: removeContractWebhooks,
  },
  'a virtual database with a UUID exists': {
    yields: ['vdbUuid'],
    discover: async ({ api }) => {
      const withUuid = arrayOf(await readJson(listVirtualDatabases(api))).find((database) => typeof member(database, 'uuid') === 'string');
      return { vdbUuid: idOf(member(withUuid, 'uuid')) };
    },
    teardown: removeContractWebhooks,
  },

  // Review module (spec §4.5)
  'a review exists': {
    yields: ['reviewId'],
    discover: async ({ api }) => ({ reviewId: idOf(member(arrayOf(member(await readJson(findReviews(api, { limit: 1 })), 'content'))[0], 'id')) }),
  },

  // Template builder module (spec §4.6)
  'a template with boxes and variables exists': {
    yields: ['templateId'],
    discover: async ({ api }) => ({ templateId: idOf(member(arrayOf(member(await readJson(listNewestTemplates(api, { limit: 1 })), 'rows'))[0], 'id')) }),
  },

  // Shop module (spec §4.7)
  'shop items exist': { yields: [] },
} as const satisfies Record<string, ProviderStateDefinition>;

export type ProviderStateName = keyof typeof providerStates;

export function isProviderStateName(name: string): name is ProviderStateName {
  return Object.hasOwn(providerStates, name);
}

export function providerState(name: ProviderStateName): ProviderStateDefinition {
  return providerStates[name];
}

/** A discovery call that does not answer 2xx is a failure of the target, not a missing fixture. */
async function readJson(pending: Promise<HttpResponse>): Promise<unknown> {
  const response = await pending;
  if (response.status < 200 || response.status > 299) throw new DiscoveryRefused(response);
  return response.json();
}

/** A listing a state's discovery reads answered other than 2xx: its status decides whether that is silence (state-handlers.ts). */
export class DiscoveryRefused extends Error {
  override readonly name = 'DiscoveryRefused';
  readonly url: string;
  readonly status: number;

  constructor(response: Pick<HttpResponse, 'url' | 'status'>) {
    super(`discovery: ${new URL(response.url).pathname} answered ${response.status}`);
    this.url = response.url;
    this.status = response.status;
  }
}

/**
 * A discovered value the state cannot use because another endpoint answered it wrongly: that endpoint's own check holds
 * the finding, and the interactions of the state are not checked (one root cause, one finding).
 */
export class UnusableDiscovery extends Error {
  override readonly name = 'UnusableDiscovery';
}

/** RFC 9562 §4: 8-4-4-4-12 hex digits, either case, and nothing around them. */
const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A user's UUID as a listing gave it. Spec §2: an assignee is referenced by UUID. Anything else would send the
 * contract's request a value the target rightly refuses, and blame the wrong endpoint.
 */
function uuidOf(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && uuidFormat.test(value)) return value;
  throw new UnusableDiscovery(`${where} has uuid ${JSON.stringify(value)}, not a UUID (spec §2)`);
}

/** The first assignee of the caller's first active job: a user who certainly has active jobs. */
async function firstAssignee(api: PlatformApi): Promise<unknown> {
  const items = arrayOf(member(await readJson(getMyActiveDashboard(api, { offset: 0, limit: 5 })), 'items'));
  for (const item of items) {
    const assignee = arrayOf(member(member(item, 'assignment'), 'assignees'))[0];
    if (isRecord(assignee)) return assignee;
  }
  return undefined;
}

async function removeContractWebhooks({ api }: StateContext): Promise<string> {
  const webhooks = arrayOf(member(await readJson(listWebhooks(api)), 'webhooks'));
  let removed = 0;
  for (const webhook of webhooks) {
    const id = idOf(member(webhook, 'id'));
    if (member(webhook, 'title') !== contractWebhookTitle || id === undefined) continue;
    const answer = await deleteWebhook(api, id);
    if (answer.status < 200 || answer.status > 299) throw new Error(`DELETE of webhook ${id} answered ${answer.status}`);
    removed += 1;
  }
  return `deleted ${removed} webhook${removed === 1 ? '' : 's'} titled "${contractWebhookTitle}"`;
}
