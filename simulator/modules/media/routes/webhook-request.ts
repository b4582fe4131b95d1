/**
 * Reads a webhook creation request (spec §6). `title`, `url` and `events`
 * are required, as the vendor documents. The filter arrives as `filters`
 * (the spec's name) or `filter` (the vendor document's name); 8.0 accepts
 * `vdbUuids` in it, which must be UUIDs of existing virtual databases.
 * The platform's JSON binding refuses properties its DTO lacks, which is
 * how 7.4 answers a `vdbUuids` filter: 400.
 */
import { virtualDatabases, webhookEvents, type WebhookFilter } from '../../../fixtures/media.ts';
import { isRecord, isUuid, unknownProperties } from '../params.ts';
import type { ModuleContext } from '../../context.ts';

export interface WebhookDraft {
  readonly title: string;
  readonly url: string;
  readonly enabled: boolean;
  readonly timeoutInSec: number;
  readonly events: readonly string[];
  readonly filter?: WebhookFilter;
}

export type WebhookDraftResult = { readonly ok: true; readonly draft: WebhookDraft } | { readonly ok: false; readonly message: string };

const requestProperties = ['title', 'url', 'enabled', 'timeoutInSec', 'events', 'filters', 'filter', 'messageDto'];
const filterProperties74 = ['criterion', 'vdbIds', 'themeIds', 'channelIds'];
const filterProperties80 = [...filterProperties74, 'vdbUuids'];

const fail = (message: string): WebhookDraftResult => ({ ok: false, message });

function isIntegerArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((entry) => Number.isInteger(entry));
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

type FilterResult = { readonly ok: true; readonly filter: WebhookFilter } | { readonly ok: false; readonly message: string };

function readVdbUuids(context: ModuleContext, value: unknown): { ok: true; uuids: string[] } | { ok: false; message: string } {
  if (context.faults.has('media-webhook-vdb-uuids-rejected')) return { ok: false, message: 'Unrecognized field "vdbUuids".' };
  if (!isStringArray(value)) return { ok: false, message: 'filters.vdbUuids must be an array of UUID strings.' };
  if (context.faults.has('media-webhook-vdb-uuids-unvalidated')) return { ok: true, uuids: value };
  for (const uuid of value) {
    if (!isUuid(uuid)) return { ok: false, message: `filters.vdbUuids: '${uuid}' is not a UUID.` };
    if (!virtualDatabases.some((database) => database.uuid.toLowerCase() === uuid.toLowerCase())) {
      return { ok: false, message: `filters.vdbUuids: no virtual database ${uuid}.` };
    }
  }
  return { ok: true, uuids: value };
}

function readFilter(context: ModuleContext, raw: unknown): FilterResult {
  if (!isRecord(raw)) return { ok: false, message: 'filters must be an object.' };
  const unknown = unknownProperties(raw, context.version === '8.0' ? filterProperties80 : filterProperties74);
  if (unknown.length > 0) return { ok: false, message: `Unrecognized field(s) in filters: ${unknown.join(', ')}.` };
  const filter: { -readonly [K in keyof WebhookFilter]: WebhookFilter[K] } = {};
  if (raw['criterion'] !== undefined) {
    if (raw['criterion'] !== 'AND' && raw['criterion'] !== 'OR') return { ok: false, message: 'filters.criterion must be AND or OR.' };
    filter.criterion = raw['criterion'];
  }
  if (raw['vdbIds'] !== undefined) {
    const ids = raw['vdbIds'];
    if (!isIntegerArray(ids)) return { ok: false, message: 'filters.vdbIds must be an array of integers.' };
    const missing = ids.find((id) => !virtualDatabases.some((database) => database.id === id));
    if (missing !== undefined) return { ok: false, message: `filters.vdbIds: no virtual database ${missing}.` };
    filter.vdbIds = ids;
  }
  if (raw['vdbUuids'] !== undefined) {
    const uuids = readVdbUuids(context, raw['vdbUuids']);
    if (!uuids.ok) return uuids;
    if (!context.faults.has('media-webhook-vdb-uuids-dropped')) filter.vdbUuids = uuids.uuids;
  }
  if (raw['themeIds'] !== undefined) {
    if (!isIntegerArray(raw['themeIds'])) return { ok: false, message: 'filters.themeIds must be an array of integers.' };
    filter.themeIds = raw['themeIds'];
  }
  if (raw['channelIds'] !== undefined) {
    if (!isStringArray(raw['channelIds'])) return { ok: false, message: 'filters.channelIds must be an array of strings.' };
    filter.channelIds = raw['channelIds'];
  }
  return { ok: true, filter };
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function readWebhookDraft(context: ModuleContext, body: unknown): WebhookDraftResult {
  if (!isRecord(body)) return fail('The request body must be a JSON object.');
  const unknown = unknownProperties(body, requestProperties);
  if (unknown.length > 0) return fail(`Unrecognized field(s): ${unknown.join(', ')}.`);
  const { title, url, events, enabled, timeoutInSec } = body;
  if (typeof title !== 'string' || title.trim() === '') return fail('title is required.');
  if (!isHttpUrl(url)) return fail('url is required and must be an http(s) URL.');
  if (!isStringArray(events) || events.length === 0) return fail('events is required: one or more event types.');
  const unknownEvent = events.find((event) => !webhookEvents.some((known) => known === event));
  if (unknownEvent !== undefined) return fail(`Unknown event type '${unknownEvent}'.`);
  if (enabled !== undefined && typeof enabled !== 'boolean') return fail('enabled must be a boolean.');
  if (timeoutInSec !== undefined && (!Number.isInteger(timeoutInSec) || Number(timeoutInSec) < 1)) return fail('timeoutInSec must be a positive integer.');
  if (body['filters'] !== undefined && body['filter'] !== undefined) return fail('Send the filter once, as filters.');
  const rawFilter = body['filters'] ?? body['filter'];
  const draft = { title, url, events, enabled: enabled === true, timeoutInSec: typeof timeoutInSec === 'number' ? timeoutInSec : 5 };
  if (rawFilter === undefined || rawFilter === null) return { ok: true, draft };
  const filter = readFilter(context, rawFilter);
  if (!filter.ok) return fail(filter.message);
  return { ok: true, draft: { ...draft, filter: filter.filter } };
}
