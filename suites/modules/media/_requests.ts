/**
 * How the lifecycle checks exercise each media endpoint of the catalog
 * (spec §4.4): the new parameters and fields are sent on 8.0, and what a
 * mutating call adds is removed again.
 *
 * The AI tagging configuration and provider entries come in pairs that the
 * lifecycle file runs one after the other, in catalog order: POST
 * …/{configurationId} adds a probe under a key no configuration uses yet
 * (the fixture's discovery picks it), and DELETE …/{configurationId}, next,
 * removes that probe; the same for providers. The pair leaves the target as
 * it found it; a probe left by an interrupted run is named `upgrade-guard probe`.
 */
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { entryById, expectedVerdict, type CatalogEntryId } from '../../../src/catalog/index.ts';
import type { ModuleRecipes } from '../_requests.ts';

/** What the probes the suite adds are called, so that a leftover is recognisable. */
export const probeName = 'upgrade-guard probe';

/** A webhook nobody receives: disabled, at a reserved domain (RFC 6761 `.invalid`). */
export function probeWebhook(filters: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    title: probeName,
    url: 'https://upgrade-guard.invalid/webhook',
    events: ['CREATED'],
    enabled: false,
    ...(Object.keys(filters).length > 0 && { filters }),
  };
}

/** The id of a created webhook: the vendor answers the webhook, or a `{webhooks}` list of it. */
export function createdWebhookId(body: unknown): number | string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record: Readonly<Record<string, unknown>> = { ...body };
  const id = record['id'];
  if (typeof id === 'number' || typeof id === 'string') return id;
  const listed = record['webhooks'];
  return Array.isArray(listed) && listed.length === 1 ? createdWebhookId(listed[0]) : undefined;
}

/**
 * Removes a webhook the suite created. Spec §6 leaves deletion unstated; the vendor's documents have
 * DELETE /rest/mp/v1.2/webhooks/{id} (7.4 and 8.0).
 */
export async function deleteCreatedWebhook(api: PlatformApi, created: HttpResponse): Promise<void> {
  const id = createdWebhookId(created.json());
  if (id === undefined) throw new Error(`cannot clean up: the webhook creation answer names no id`);
  const response = await api.call({ method: 'DELETE', path: '/rest/mp/v1.2/webhooks/{id}', pathParams: { id } });
  if (response.status >= 300) throw new Error(`cannot clean up webhook ${id}: DELETE answered ${response.status}`);
}

/** `values` where the version shows the entry's 8.0 change (its new parameters or fields), none where it does not. */
function whereChanged<T extends Readonly<Record<string, unknown>>>(entryId: CatalogEntryId, version: PlatformVersion, values: T): Partial<T> {
  return expectedVerdict(entryById(entryId), version) === 'changed' ? values : {};
}

/** Why a statistics reset cannot be undone: the served check and the counters check skip with one reason. */
export const statisticsResetIrreversible = 'resets the AI tagging statistics (spec §4.4); the counters cannot be put back';

export const mediaRequests: ModuleRecipes<'media'> = {
  'media.ai-tagging-state-update': {
    // Spec §3 names one move: a request for RUNNING ends in RUNNING.
    body: () => ({ state: 'RUNNING' }),
    irreversible:
      'starts AI tagging (RUNNING, the one state spec §3 names); the state found before is unknown to this call, and stopping could end a run that was going already. ' +
      'The state check (media.ai-tagging-state.running-reported) restores the state it found.',
  },
  'media.ai-tagging-asset-force': {
    irreversible: "forces AI tagging of the asset's current version (spec §4.4); a tagging run cannot be taken back",
  },
  'media.ai-tagging-configuration-save': {
    body: () => ({ name: probeName, tagTypes: ['LABEL'], enabled: false }),
    removedBy: 'media.ai-tagging-configuration-delete (see above)',
  },
  'media.ai-tagging-provider-save': {
    body: () => ({ name: probeName, type: 'IMAGE_RECOGNITION', endpoint: 'https://upgrade-guard.invalid/ai-provider', enabled: false }),
    removedBy: 'media.ai-tagging-provider-delete (see above)',
  },
  'media.ai-tagging-configuration-delete': {
    unchanged: 'removes the probe media.ai-tagging-configuration-save added just before',
  },
  'media.ai-tagging-provider-delete': {
    unchanged: 'removes the probe media.ai-tagging-provider-save added just before',
  },
  'media.ai-tagging-statistics-reset': {
    irreversible: statisticsResetIrreversible,
  },
  'media.asset-attribute-nodes': {
    // Spec §4.4: `filter` fetches only roots or all nodes (`parentId` is sent by suites/modules/media/attribute-nodes.test.ts).
    // The vendor's enum spells the values in capitals (ROOTS, ALL).
    query: ({ version }) => whereChanged('media.asset-attribute-nodes', version, { filter: 'ROOTS' }),
  },
  'media.asset-attributes': {
    // Spec §4.4: language-specific results; `false` is the value that differs from the default.
    query: ({ version }) => whereChanged('media.asset-attributes', version, { useLanguageNamesResult: false }),
  },
  'media.webhook-create': {
    fixtures: ['vdbId'],
    // Spec §4.4, §6: 8.0 filters by virtual database UUIDs (the vdbId fixture is the UUID in 8.0); 7.4 has no such filter.
    body: ({ version, fixtures }) => probeWebhook(whereChanged('media.webhook-create', version, { vdbUuids: [fixtures.vdbId] })),
    cleanup: (api, response) => deleteCreatedWebhook(api, response),
  },
};
