/**
 * POST /wp/rest/dynamic-services/{id}/parameters: creates parameters of a
 * service; both versions serve it (the vendor's
 * DynamicServiceParametersResource-POST_create). The body is the vendor's
 * SetDynamicServiceVariablesCommand, `{ DYNAMIC_SERVICE_VARIABLES: [...] }`;
 * the answer is 200 with the created parameters, ids assigned. Clients use it
 * to set up a parameter they may delete again (8.0's DELETE, spec §4.6).
 */
import { json } from '../../../http/router.ts';
import type { DynamicServiceParameter } from '../../../fixtures/template-builder.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { parameterBody, serviceIdOf } from './dynamic-services.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Draft = Omit<DynamicServiceParameter, 'id'>;

/** One DynamicServiceVariable of the command, or why it is malformed. */
function readDraft(serviceId: number, raw: unknown): Draft | string {
  if (!isRecord(raw)) return 'Each dynamic service variable must be an object.';
  const { DYNAMIC_SERVICE_ID: owner, REPLACE_TEXT: replaceText, LABEL: label, TYPE: type = 1, UNIT_TYPE: unitType = 'NONE' } = raw;
  if (owner !== undefined && owner !== serviceId) return `DYNAMIC_SERVICE_ID ${String(owner)} does not match the service ${serviceId}.`;
  if (typeof replaceText !== 'string' || replaceText === '' || typeof label !== 'string') return 'REPLACE_TEXT and LABEL must be strings.';
  if (typeof type !== 'number' || !Number.isInteger(type) || typeof unitType !== 'string') return 'TYPE must be an integer and UNIT_TYPE a string.';
  return { replaceText, label, type, unitType };
}

export const registerParameterCreateRoutes: TemplateBuilderRoutes = (router, _context, state) => {
  router.api('POST', '/wp/rest/dynamic-services/{id}/parameters', templateBuilderAccess, (request) => {
    const serviceId = serviceIdOf(request.params['id']);
    if (serviceId === undefined) return templateBuilderError(request, 404, `Dynamic service ${request.params['id'] ?? ''} not found.`);
    const variables = isRecord(request.body) ? request.body['DYNAMIC_SERVICE_VARIABLES'] : undefined;
    if (!Array.isArray(variables) || variables.length === 0) {
      return templateBuilderError(request, 400, 'DYNAMIC_SERVICE_VARIABLES must list one or more dynamic service variables.');
    }
    const drafts: Draft[] = [];
    for (const raw of variables) {
      const draft = readDraft(serviceId, raw);
      if (typeof draft === 'string') return templateBuilderError(request, 400, draft);
      drafts.push(draft);
    }
    // Ids are unique across services, as database ids are.
    let lastId = Math.max(0, ...[...state.parameters.values()].flat().map((parameter) => parameter.id));
    const created = drafts.map((draft): DynamicServiceParameter => ({ id: ++lastId, ...draft }));
    state.parameters.set(serviceId, [...(state.parameters.get(serviceId) ?? []), ...created]);
    return json(200, created.map((parameter) => parameterBody(serviceId, parameter)));
  });
};
