/**
 * DELETE /wp/rest/dynamic-services/{id}/parameters?id=…&id=…: deletes the
 * named parameters of a service; added in 8.0 (spec §4.6). The vendor
 * documents only 204 for it (no 404, unlike the template routes), so it
 * behaves as a bulk delete: the named parameters are gone afterwards, ids
 * already gone are ignored. A missing or malformed `id` list is a 400 and a
 * service that does not exist a 404, as a real platform would.
 */
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { serviceIdOf } from './dynamic-services.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export const registerParameterDeleteRoutes: TemplateBuilderRoutes = (router, context, state) => {
  router.api('DELETE', '/wp/rest/dynamic-services/{id}/parameters', templateBuilderAccess, (request) => {
    const serviceId = serviceIdOf(request.params['id']);
    if (serviceId === undefined) return templateBuilderError(request, 404, `Dynamic service ${request.params['id'] ?? ''} not found.`);
    // The vendor's `id` is an unexploded form array (`id=1,2`); repeated `id=` works too.
    const rawIds = request.query.getAll('id').flatMap((value) => value.split(','));
    if (rawIds.length === 0 || rawIds.some((value) => !/^\d{1,10}$/.test(value))) {
      return templateBuilderError(request, 400, 'Query parameter id must list one or more parameter ids.');
    }
    const ids = rawIds.map(Number);
    if (!context.faults.has('template-builder-parameters-delete-ignored')) {
      state.parameters.set(serviceId, (state.parameters.get(serviceId) ?? []).filter((parameter) => !ids.includes(parameter.id)));
    }
    return { status: 204 };
  });
};
