/** GET /wp/rest/templates/{id}/boxes: every box of a template; added in 8.0 (spec §4.6). */
import { json } from '../../../http/router.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { boxBody } from '../template-body.ts';
import { lookUpTemplate } from '../template-lookup.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export const registerTemplateBoxRoutes: TemplateBuilderRoutes = (router, context) => {
  router.api('GET', '/wp/rest/templates/{id}/boxes', templateBuilderAccess, (request) => {
    const lookup = lookUpTemplate(request);
    if (lookup.kind === 'unknown') return templateBuilderError(request, 404, `The template ${lookup.id} is not found.`);
    if (lookup.kind === 'forbidden') return templateBuilderError(request, 403, `The user has no rights to access the template ${lookup.id} and its boxes.`);
    const { template } = lookup;
    const boxes = template.boxes.map((box) => boxBody(template, box));
    // Fault template-builder-ids-as-strings: the vendor's box id is an integer.
    return json(200, context.faults.has('template-builder-ids-as-strings') ? boxes.map((box) => ({ ...box, id: String(box['id']) })) : boxes);
  });
};
