/**
 * GET /rest/mp/v1.1/virtual-databases: the databases the caller may see.
 * Both versions; 8.0 adds `uuid` beside the legacy `id` (spec §2, §4.4).
 * Clients discover virtual-database ids and UUIDs here (for workflow steps
 * and webhook filters).
 */
import { json } from '../../../http/router.ts';
import { virtualDatabases } from '../../../fixtures/media.ts';
import { badRequest } from '../errors.ts';
import { mediaAccess } from '../access.ts';
import { identifierPair } from '../identifiers.ts';
import type { MediaRoutes } from '../registrar.ts';

const accessValues = ['view', 'import'];

export const registerVirtualDatabaseRoutes: MediaRoutes = (router, context) => {
  router.api('GET', '/rest/mp/v1.1/virtual-databases', mediaAccess, (request) => {
    const access = (request.query.get('access') ?? 'view').toLowerCase();
    if (!accessValues.includes(access)) return badRequest(`Unknown access value '${access}'.`);
    const body = virtualDatabases.map((database) => ({
      ...identifierPair(context, database),
      name: database.name,
      needsApproval: database.needsApproval,
      setDigitalWatermark: database.setDigitalWatermark,
      setVisualWatermark: database.setVisualWatermark,
    }));
    return json(200, body);
  });
};
