/**
 * Templates both versions serve. Clients discover template ids with
 * GET /wp/rest/templates/newest (the vendor's `{rows, success, results}`
 * result set, paged with `from`/`limit`, only templates the caller may see)
 * and read one with GET /wp/rest/templates/{id} (403 / 404 as renderers).
 */
import { json } from '../../../http/router.ts';
import { templates } from '../../../fixtures/template-builder.ts';
import { readPageWindow, slicePage } from '../../../fixtures/paging.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { templateBody } from '../template-body.ts';
import { canSee, lookUpTemplate } from '../template-lookup.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export const registerTemplateRoutes: TemplateBuilderRoutes = (router) => {
  // Registered before /templates/{id}, which would otherwise take "newest" for an id.
  router.api('GET', '/wp/rest/templates/newest', templateBuilderAccess, (request) => {
    const page = readPageWindow(request.query, { offsetName: 'from', defaultLimit: 20, maxLimit: 200 });
    if (!page.ok) return templateBuilderError(request, 400, page.reason);
    const visible = templates
      .filter((template) => canSee(template, request.principal?.userId))
      .sort((left, right) => right.creationDate.localeCompare(left.creationDate));
    return json(200, { rows: slicePage(visible, page.window).map(templateBody), success: true, results: visible.length });
  });

  router.api('GET', '/wp/rest/templates/{id}', templateBuilderAccess, (request) => {
    const lookup = lookUpTemplate(request);
    if (lookup.kind === 'unknown') return templateBuilderError(request, 404, `The template ${lookup.id} is not found.`);
    if (lookup.kind === 'forbidden') return templateBuilderError(request, 403, `User has no rights to see the template ${lookup.id}.`);
    return json(200, templateBody(lookup.template));
  });
};
