/**
 * GET /rest/mp/v1.1/users: the media module's user list, alphabetical,
 * offset/limit paged in the vendor's `{items, totalCount}` envelope. Users
 * are `{id, uuid, name}` in 8.0 and `{id, name}` in 7.4 (spec §2, §9.3).
 */
import { json } from '../../../http/router.ts';
import { mediaUsers } from '../../../fixtures/media.ts';
import { readPageWindow, slicePage } from '../../../fixtures/paging.ts';
import { badRequest } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { identifierPair } from '../identifiers.ts';
import type { MediaRoutes } from '../registrar.ts';

export const registerUserRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.1/users', mediaAccess, (request) => {
    const page = readPageWindow(request.query, { defaultLimit: 50, maxLimit: 500 });
    if (!page.ok) return badRequest(page.reason, 'MP_E01006');
    const name = request.query.get('name')?.toLowerCase() ?? '';
    const matching = mediaUsers
      .filter((user) => user.name.toLowerCase().includes(name))
      .sort((left, right) => left.name.localeCompare(right.name));
    const items = slicePage(matching, page.window).map((user) => {
      const pair = identifierPair(context, user);
      if (context.faults.has('media-user-uuid-dropped')) return { id: pair.id, name: user.name };
      return { ...pair, name: user.name };
    });
    return json(200, { items, totalCount: matching.length });
  });
};
