/**
 * Quirks (simulator/faults/quirks.ts) that sit around the whole module API
 * rather than in one route: how UUIDs are written, and a gateway's resets.
 * The CAS is left as it is: neither quirk concerns the OAuth exchanges.
 */
import type { FaultSet } from '../faults/index.ts';
import { casPrefix } from '../cas/paths.ts';
import type { Dispatch } from './dispatch.ts';
import type { SimResponse } from './router.ts';

/** A response the node listener answers by destroying the connection, as a gateway that resets it. */
export interface ConnectionReset extends SimResponse {
  readonly resetConnection: true;
}

export function isConnectionReset(response: SimResponse): response is ConnectionReset {
  return 'resetConnection' in response && response.resetConnection === true;
}

/** RFC 9562 §4: 8-4-4-4-12 hex digits, either case. */
const uuidPattern = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

export function withQuirks(dispatch: Dispatch, faults: FaultSet): Dispatch {
  const seenGets = new Set<string>();
  return async (incoming) => {
    if (new URL(incoming.url, 'http://platform.invalid').pathname.startsWith(casPrefix)) return dispatch(incoming);
    if (incoming.method === 'GET' && faults.has('module-get-reset-once') && !seenGets.has(incoming.url)) {
      seenGets.add(incoming.url);
      const reset: ConnectionReset = { status: 502, resetConnection: true };
      return reset;
    }
    if (!faults.has('uuid-upper-case')) return dispatch(incoming);
    // Input in either case is the same UUID (RFC 9562 §4): the platform reads it lower-case, as it stores it.
    const lower = (text: string): string => text.replace(uuidPattern, (uuid) => uuid.toLowerCase());
    const response = await dispatch({ ...incoming, url: lower(incoming.url), rawBody: Buffer.from(lower(incoming.rawBody.toString('utf8')), 'utf8') });
    return upperCaseUuids(response);
  };
}

function upperCaseUuids(response: SimResponse): SimResponse {
  const upper = (text: string): string => text.replace(uuidPattern, (uuid) => uuid.toUpperCase());
  const headers = response.headers && Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, typeof value === 'string' ? upper(value) : value.map(upper)]));
  return { ...response, ...(headers && { headers }), ...(response.body !== undefined && { body: typeof response.body === 'string' ? upper(response.body) : mapStrings(response.body, upper) }) };
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, mapStrings(member, map)]));
  return value;
}
