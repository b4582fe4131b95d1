/**
 * Webhooks of the media module (spec §6), at the spec's `v1.1` path:
 * POST creates (201), GET lists `{webhooks}` and reads one, DELETE removes
 * (204) so a client can clean up what it created. Both versions; 8.0's
 * filter takes `vdbUuids` (see webhook-request.ts). The response names the
 * filter `filters`, as the spec's request does. The reads and the delete
 * are also served at `v1.2`, where the vendor's documents (7.4 and 8.0) have
 * them; the spec names only the creation.
 */
import { json, type Handler } from '../../../http/router.ts';
import type { Webhook } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { parseId } from '../params.ts';
import { readWebhookDraft } from './webhook-request.ts';
import type { MediaRoutes } from '../registrar.ts';

function webhookBody(webhook: Webhook): Record<string, unknown> {
  return {
    id: webhook.id,
    title: webhook.title,
    url: webhook.url,
    lastModified: webhook.lastModified,
    ...(webhook.lastProcessedRequestDate === undefined ? {} : { lastProcessedRequestDate: webhook.lastProcessedRequestDate }),
    status: webhook.status,
    enabled: webhook.enabled,
    timeoutInSec: webhook.timeoutInSec,
    ...(webhook.filter === undefined ? {} : { filters: webhook.filter }),
    events: webhook.events,
  };
}

/** Where the vendor's documents have the webhook reads and the delete. */
const vendorBase = '/rest/mp/v1.2/webhooks';

/** The spec's path; an instance with the fault serves everything at the vendor's path only. */
const specBase = '/rest/mp/v1.1/webhooks';

export const registerWebhookRoutes: MediaRoutes = (router, context, state) => {
  const onlyAtVendorPath = (): boolean => context.faults.has('media-webhooks-only-at-v1.2');
  const atSpecPath = router.when(() => !onlyAtVendorPath());

  const create: Handler = (request) => {
    const result = readWebhookDraft(context, request.body);
    if (!result.ok) return badRequest(result.message, 'MP_E05001');
    const id = state.nextWebhookId;
    state.nextWebhookId += 1;
    const webhook: Webhook = { id, ...result.draft, status: 'NOT_PROCESSED', lastModified: `${new Date().toISOString().slice(0, 19)}Z` };
    state.webhooks.set(id, webhook);
    return json(201, webhookBody(webhook));
  };
  atSpecPath.api('POST', specBase, mediaAccess, create);
  router.when(onlyAtVendorPath).api('POST', vendorBase, mediaAccess, create);

  for (const [routes, path] of [[atSpecPath, specBase], [router, vendorBase]] as const) {
    routes.api('GET', path, mediaAccess, () => json(200, { webhooks: [...state.webhooks.values()].map(webhookBody) }));

    routes.api('GET', `${path}/{id}`, mediaAccess, (request) => {
      const id = parseId(request.params['id']);
      if (id === undefined) return badRequest('Webhook id is not valid.');
      const webhook = state.webhooks.get(id);
      return webhook ? json(200, webhookBody(webhook)) : notFound(`Webhook ${id} was not found.`);
    });

    routes.api('DELETE', `${path}/{id}`, mediaAccess, (request) => {
      const id = parseId(request.params['id']);
      if (id === undefined) return badRequest('Webhook id is not valid.');
      if (!state.webhooks.delete(id)) return notFound(`Webhook ${id} cannot be found.`);
      return { status: 204 };
    });
  }
};
