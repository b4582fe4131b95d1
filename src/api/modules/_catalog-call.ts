/**
 * The one way the typed client reaches a catalog endpoint: method and path
 * come from the endpoint-change catalog (`{version}` is filled by the
 * PlatformApi from the target's path versions), so a path is
 * written once, in `src/catalog/`, and the client, the suites and the
 * contracts cannot drift apart.
 */
import { entryById, type CatalogEntryId } from '../../catalog/index.ts';
import { UpgradeGuardError } from '../../errors.ts';
import type { HttpResponse } from '../../http/client.ts';
import type { ApiCall, PlatformApi } from '../platform-api.ts';

export type PathValues = Readonly<Record<string, string | number>>;

export interface EndpointArguments {
  readonly pathParams?: PathValues;
  readonly query?: ApiCall['query'];
  readonly json?: unknown;
}

/** Calls the endpoint of catalog entry `id` (its own path, or with `replacement` the path it is replaced by, spec §9.4). */
export function callCatalogEntry(api: PlatformApi, id: CatalogEntryId, args: EndpointArguments = {}, use: 'entry' | 'replacement' = 'entry'): Promise<HttpResponse> {
  const entry = entryById(id);
  const endpoint = use === 'replacement' ? entry.replacement : { method: entry.method, path: entry.path };
  if (!endpoint) throw new UpgradeGuardError('INTERNAL', `catalog entry ${id} names no replacement`);
  return api.call({
    method: endpoint.method,
    path: endpoint.path,
    ...(args.pathParams !== undefined && { pathParams: args.pathParams }),
    ...(args.query !== undefined && { query: args.query }),
    ...(args.json !== undefined && { json: args.json }),
  });
}
