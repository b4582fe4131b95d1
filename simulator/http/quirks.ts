/**
 * Quirks (simulator/faults/quirks.ts) that sit around the whole module API
 * rather than in one route: how UUIDs are written, and a gateway's resets.
 * The CAS is left as it is: neither quirk concerns the OAuth exchanges.
 */
import type { FaultSet } from '../faults/index.ts';
import type { Dispatch } from './dispatch.ts';
import type { SimResponse } from './router.ts';

/** A response the node listener answers by destroying the connection, as a gateway that resets it. */
export interface ConnectionReset extends SimResponse {
  readonly resetConnection: true;
}

export function isConnectionReset(response: SimResponse): response is ConnectionReset {
  return 'resetConnection' in response && response.resetConnection === true;
}

/** RFC 9562 §4: 8-4-4-4-12 hex digits, either case; a whole value, never a UUID inside free text. */
const uuidValue = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const asUuid =
  (change: (uuid: string) => string) =>
  (text: string): string =>
    uuidValue.test(text) ? change(text) : text;
const lower = asUuid((uuid) => uuid.toLowerCase());
const upper = asUuid((uuid) => uuid.toUpperCase());

/** `isCasPath`: the CAS's requests pass untouched. */
export function withQuirks(dispatch: Dispatch, faults: FaultSet, isCasPath: (path: string) => boolean): Dispatch {
  const seenGets = new Set<string>();
  return async (incoming) => {
    if (isCasPath(new URL(incoming.url, 'http://platform.invalid').pathname)) return dispatch(incoming);
    if (incoming.method === 'GET' && faults.has('module-get-reset-once') && !seenGets.has(incoming.url)) {
      seenGets.add(incoming.url);
      const reset: ConnectionReset = { status: 502, resetConnection: true };
      return reset;
    }
    if (!faults.has('uuid-upper-case')) return dispatch(incoming);
    // Input in either case is the same UUID (RFC 9562 §4): the platform reads it lower-case, as it stores it.
    const response = await dispatch({ ...incoming, url: mapUrl(incoming.url, lower), rawBody: mapJsonBody(incoming.rawBody, lower) });
    return {
      ...response,
      ...(response.headers && { headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, name.toLowerCase() === 'location' && typeof value === 'string' ? mapUrl(value, upper) : value])) }),
      ...(response.body !== undefined && typeof response.body !== 'string' && { body: mapStrings(response.body, upper) }),
    };
  };
}

/** Each path segment and query value that is a UUID. */
function mapUrl(url: string, map: (text: string) => string): string {
  const parsed = new URL(url, 'http://platform.invalid');
  // Left byte for byte as it came unless it holds a UUID: re-encoding could change what the route sees.
  const parts = [...parsed.pathname.split('/').map((segment) => decodeURIComponent(segment)), ...parsed.searchParams.values()];
  if (!parts.some((part) => map(part) !== part)) return url;
  const path = parsed.pathname.split('/').map((segment) => encodeURIComponent(map(decodeURIComponent(segment)))).join('/');
  for (const [name, value] of [...parsed.searchParams.entries()]) parsed.searchParams.set(name, map(value));
  const relative = `${path}${parsed.search}${parsed.hash}`;
  return url.startsWith('/') ? relative : `${parsed.origin}${relative}`;
}

function mapJsonBody(body: Buffer, map: (text: string) => string): Buffer {
  if (body.length === 0) return body;
  try {
    return Buffer.from(JSON.stringify(mapStrings(JSON.parse(body.toString('utf8')), map)), 'utf8');
  } catch {
    return body;
  }
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, mapStrings(member, map)]));
  return value;
}
