/**
 * Webhooks filtered by virtual database UUIDs (spec §2 "Webhook creation
 * filter", §4.4, §6): in 8.0 POST /rest/mp/v1.1/webhooks accepts
 * `filters.vdbUuids`, UUIDs of virtual databases, and the webhook it creates
 * keeps them; a legacy integer id is not a UUID (§9.3), so it is refused.
 * Every webhook a check creates is deleted again.
 */
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import { createdWebhookId, deleteCreatedWebhook, probeWebhook } from './_requests.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { check } from '../../../src/check/check.ts';
import { requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { ROUTE_ABSENT } from '../_lifecycle.ts';
import { entryLabels, fixtureValue, isSuccess, mediaEntry, member, records, requireChange } from './_media.ts';

const create = mediaEntry('media.webhook-create');
/** The listing, where the vendor's documents have it (the spec names only the v1.1 creation). */
const webhooksPath = '/rest/mp/v1.2/webhooks';
const virtualDatabasesPath = '/rest/mp/v1.1/virtual-databases';

/** The filter of a webhook as answered: the spec's request calls it `filters`, the vendor's DTO `filter`. */
function vdbUuidsOf(webhook: unknown): unknown {
  return member(member(webhook, 'filters') ?? member(webhook, 'filter'), 'vdbUuids');
}

async function createWebhook(context: SuiteContext, vdbUuids: readonly string[]): Promise<HttpResponse> {
  return context.api.call({ method: create.method, path: create.path, json: probeWebhook({ vdbUuids }) });
}

/** Creates a webhook, hands the answer on, and deletes what was created whatever the outcome. */
async function withCreatedWebhook(context: SuiteContext, vdbUuids: readonly string[], body: (created: HttpResponse) => Promise<void>): Promise<void> {
  const created = await createWebhook(context, vdbUuids);
  try {
    await body(created);
  } finally {
    if (isSuccess(created)) await deleteCreatedWebhook(context.api, created);
  }
}

check(
  {
    id: 'media.webhook-create.vdb-uuids-kept',
    title: 'POST …/webhooks with filters.vdbUuids creates a webhook that carries those UUIDs, in the answer and in GET …/webhooks',
    labels: entryLabels(create, 'webhooks', '§4.4, §6'),
    killedBy: ['media-webhook-vdb-uuids-rejected', 'media-webhook-vdb-uuids-dropped', 'media-uuid-not-uuid'], observedBy: ['media-webhooks-only-at-v1.2'],
  },
  async (test) => {
    await requireChange(test, create, 'the vdbUuids filter');
    const context = await suiteContext();
    await requireMutationsAllowed(test, context.target, `POST ${create.path}`);
    const vdbUuid = await fixtureValue(test, context, 'vdbId');
    await withCreatedWebhook(context, [vdbUuid], async (created) => {
      await observe(test, `${created.status}`);
      expectStatus(created, { call: sentCall('POST', created), spec: '§4.4, §6', promise: `lets POST ${create.path} filter by virtual database UUIDs (vdbUuids)` });
      expect(vdbUuidsOf(created.json()), 'filters.vdbUuids of the created webhook').toEqual([vdbUuid]);
      const id = createdWebhookId(created.json());
      const listing = await context.api.call({ method: 'GET', path: webhooksPath });
      expect(listing.status, `GET ${webhooksPath}`).toBe(200);
      const stored = records(member(listing.json(), 'webhooks')).find((webhook) => webhook['id'] === id);
      expect(stored, `webhook ${String(id)} in GET ${webhooksPath}`).toBeDefined();
      expect(vdbUuidsOf(stored), `filters.vdbUuids of webhook ${String(id)} as listed`).toEqual([vdbUuid]);
    });
  },
);

check(
  {
    id: 'media.webhook-create.vdb-uuids-legacy-id-refused',
    title: 'POST …/webhooks refuses a legacy integer virtual database id in filters.vdbUuids',
    labels: entryLabels(create, 'webhooks', '§2, §6, §9.3'),
    killedBy: ['media-webhook-vdb-uuids-unvalidated'], observedBy: ['media-webhooks-only-at-v1.2'],
  },
  async (test) => {
    await requireChange(test, create, 'the vdbUuids filter');
    const context = await suiteContext();
    await requireMutationsAllowed(test, context.target, `POST ${create.path}`);
    const vdbUuid = await fixtureValue(test, context, 'vdbId');
    const databases = records((await context.api.call({ method: 'GET', path: virtualDatabasesPath })).json());
    const database = databases.find((candidate) => candidate['uuid'] === vdbUuid) ?? databases[0];
    expect(database?.['id'], `the legacy id of a virtual database in GET ${virtualDatabasesPath}`).toBeTypeOf('number');
    const legacyId = String(database?.['id']);
    await withCreatedWebhook(context, [legacyId], async (answered) => {
      await observe(test, `${answered.status} for vdbUuids ["${legacyId}"]`);
      expect(answered.status, `the answer to vdbUuids ["${legacyId}"]: a client error`).toBeGreaterThanOrEqual(400);
      expect(answered.status, `the answer to vdbUuids ["${legacyId}"]: a client error`).toBeLessThan(500);
      // A missing route is no refusal of the value.
      expect(ROUTE_ABSENT as readonly number[], `POST ${create.path} is not served`).not.toContain(answered.status);
    });
  },
);
