/** GET /wp/rest/templates/{id}/variables: the variables of a template, each with its box; added in 8.0 (spec §4.6). */
import { json } from '../../../http/router.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { boxBody } from '../template-body.ts';
import { lookUpTemplate } from '../template-lookup.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export const registerTemplateVariableRoutes: TemplateBuilderRoutes = (router, context) => {
  router.api('GET', '/wp/rest/templates/{id}/variables', templateBuilderAccess, (request) => {
    const lookup = lookUpTemplate(request);
    if (lookup.kind === 'unknown') return templateBuilderError(request, 404, `The template ${lookup.id} is not found.`);
    if (lookup.kind === 'forbidden') return templateBuilderError(request, 403, `The user has no rights to access the template ${lookup.id}, its boxes and variables.`);
    const { template } = lookup;
    const variables = template.variables.map((variable) => {
      const box = template.boxes.find((candidate) => candidate.id === variable.boxId);
      return {
        // Fault template-builder-ids-as-strings: the vendor's variable id is an integer.
        id: context.faults.has('template-builder-ids-as-strings') ? String(variable.id) : variable.id,
        name: variable.name,
        label: variable.label,
        text: variable.text,
        empty: variable.text === '',
        variableType: variable.variableType,
        ...(box === undefined ? {} : { templateBox: boxBody(template, box) }),
      };
    });
    return json(200, variables);
  });
};
