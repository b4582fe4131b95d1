/**
 * Registers a planning route under /maps/rest/api/{version} (spec §4.3).
 * `{version}` is any `v<major>[.<minor>]` segment (spec §9.2), or `latest`:
 * the spec shows no supported values per endpoint, and the vendor's 8.0
 * planning document says to put the current version or "latest" for
 * `{version}` (its 7.4 document names no values, so both versions take it).
 * Another segment names no resource and answers 404. Every planning route
 * needs an authenticated user; the vendor's MaPS documents name no finer roles.
 */
import type { Handler, HttpMethod, Router } from '../../http/router.ts';
import { roles } from '../../fixtures/users.ts';
import { isApiVersionSegment } from '../../fixtures/request-values.ts';
import { notFound } from './errors.ts';

export const planningPrefix = '/maps/rest/api/{version}';

const planningRoles: readonly string[] = [roles.authenticated];

/** The alias of the current API version (the vendor's 8.0 planning document). */
const latestVersion = 'latest';

export function planningRoute(router: Router, method: HttpMethod, path: string, handler: Handler): void {
  router.api(method, `${planningPrefix}${path}`, planningRoles, (request) =>
    isApiVersionSegment(request.params.version) || request.params.version === latestVersion ? handler(request) : notFound(request, `No resource at ${request.path}`),
  );
}
