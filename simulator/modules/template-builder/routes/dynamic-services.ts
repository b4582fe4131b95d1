/**
 * Dynamic services both versions serve: GET /wp/rest/dynamic-services (the
 * listing clients discover service ids from) and GET
 * /wp/rest/dynamic-services/{id}/parameters. Field names are the vendor's
 * upper-case ones (DynamicService, DynamicServiceVariable).
 */
import { json } from '../../../http/router.ts';
import { dynamicServices, type DynamicServiceParameter } from '../../../fixtures/template-builder.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export function parameterBody(serviceId: number, parameter: DynamicServiceParameter): Record<string, unknown> {
  return {
    ID: parameter.id,
    DYNAMIC_SERVICE_ID: serviceId,
    REPLACE_TEXT: parameter.replaceText,
    LABEL: parameter.label,
    TYPE: parameter.type,
    UNIT_TYPE: parameter.unitType,
    dynamicServiceVariableType: parameter.type,
  };
}

/** The service a path's `{id}` names; undefined when malformed or unknown. */
export function serviceIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return dynamicServices.some((service) => service.id === id) ? id : undefined;
}

export const registerDynamicServiceRoutes: TemplateBuilderRoutes = (router, _context, state) => {
  router.api('GET', '/wp/rest/dynamic-services', templateBuilderAccess, () =>
    json(
      200,
      dynamicServices.map((service) => ({
        ID: service.id,
        NAME: service.name,
        LABEL: service.label,
        HELP_TEXT: service.helpText,
        URL: service.url,
        TYPE: service.type,
        TEMPLATES_COUNT: service.templatesCount,
        DYNAMIC_SERVICE_VARIABLES: (state.parameters.get(service.id) ?? []).map((parameter) => parameterBody(service.id, parameter)),
      })),
    ),
  );

  router.api('GET', '/wp/rest/dynamic-services/{id}/parameters', templateBuilderAccess, (request) => {
    const serviceId = serviceIdOf(request.params['id']);
    if (serviceId === undefined) return templateBuilderError(request, 404, `Dynamic service ${request.params['id'] ?? ''} not found.`);
    return json(200, (state.parameters.get(serviceId) ?? []).map((parameter) => parameterBody(serviceId, parameter)));
  });
};
