/**
 * How an 8.0 instance answers the endpoints 8.0 removed, an option of the
 * simulator (`--removed-endpoints not-found|gone`). By default a removed
 * route is simply not there: 404 (405 where another method shares the
 * path). With `gone` it answers 410 Gone, the status RFC 9110 §15.5.11
 * names for a resource that is no longer available and will not be again:
 * a platform that keeps a tombstone for its removed routes. Both keep the
 * spec, which says only "removed".
 */
import type { SimVersion } from '../version.ts';
import type { Dispatch } from './dispatch.ts';
import { springError } from './spring-error.ts';

export const removedEndpointModes = ['not-found', 'gone'] as const;
export type RemovedEndpointMode = (typeof removedEndpointModes)[number];

export function isRemovedEndpointMode(value: string): value is RemovedEndpointMode {
  return (removedEndpointModes as readonly string[]).includes(value);
}

/** Spec §4.2, §4.4, §4.6: the endpoints 8.0 removed. */
const removed: readonly { readonly method: string; readonly path: RegExp }[] = [
  { method: 'DELETE', path: /^\/dse\/rest\/v1\.0\/jobs\/[^/]+\/grids\/[^/]+\/rows\/_delete$/ },
  { method: 'GET', path: /^\/rest\/mp\/v1\.0\/archive-entries\/asset\/[^/]+$/ },
  { method: 'POST', path: /^\/wp\/rest\/attachment\/externalIds$/ },
  { method: 'GET', path: /^\/wp\/rest\/user\/write\/attachments$/ },
];

/** The dispatcher with 410 instead of the 404 or 405 of a removed 8.0 route (`gone`); unchanged otherwise. */
export function withRemovedEndpoints(dispatch: Dispatch, version: SimVersion, mode: RemovedEndpointMode | undefined): Dispatch {
  if (mode !== 'gone' || version !== '8.0') return dispatch;
  return async (incoming) => {
    const response = await dispatch(incoming);
    if (response.status !== 404 && response.status !== 405) return response;
    const path = new URL(incoming.url, 'http://platform.invalid').pathname;
    if (!removed.some((endpoint) => endpoint.method === incoming.method && endpoint.path.test(path))) return response;
    return springError(410, path, 'This endpoint was removed in 8.0');
  };
}
