/**
 * GET /wp/rest/templates/{id}/renderers: the renderers selected for a
 * template; added in 8.0 with optional item properties `profile`,
 * `resolution` and `type`, answering 200, 403 or 404 (spec §4.6, §7).
 * The spec does not show the error bodies; the vendor's document gives 403
 * and 404 the renderer list's own schema, so they carry an empty list.
 */
import { json } from '../../../http/router.ts';
import type { Template, TemplateRenderer } from '../../../fixtures/template-builder.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import { lookUpTemplate } from '../template-lookup.ts';
import type { ModuleContext } from '../../context.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

function rendererBody(context: ModuleContext, template: Template, renderer: TemplateRenderer): Record<string, unknown> {
  const preselections = renderer.preselectedDownloadType === undefined
    ? []
    : [{ id: renderer.id * 10, downloadType: renderer.preselectedDownloadType, preselectRendererId: renderer.id, userCanNotChangeValue: false, templateId: template.id }];
  const body: Record<string, unknown> = { id: renderer.id, name: renderer.name, label: renderer.label, preselections };
  if (renderer.type !== undefined) body['type'] = renderer.type;
  if (renderer.profile !== undefined) body['profile'] = renderer.profile;
  if (renderer.resolution !== undefined) body['resolution'] = renderer.resolution;
  if (context.faults.has('template-builder-renderer-properties-wrong-type')) {
    if (renderer.type !== undefined) body['type'] = renderer.id;
    if (renderer.resolution !== undefined) body['resolution'] = Number.parseInt(renderer.resolution, 10);
  }
  return body;
}

export const registerTemplateRendererRoutes: TemplateBuilderRoutes = (router, context) => {
  router.api('GET', '/wp/rest/templates/{id}/renderers', templateBuilderAccess, (request) => {
    const lookup = lookUpTemplate(request);
    if (lookup.kind === 'unknown') {
      if (context.faults.has('template-builder-renderers-404-as-500')) return templateBuilderError(request, 500, 'Failed to load renderers.');
      return json(404, []);
    }
    if (lookup.kind === 'forbidden') {
      if (context.faults.has('template-builder-renderers-403-as-404')) return templateBuilderError(request, 404, `The template ${lookup.id} is not found.`);
      return json(403, []);
    }
    const { template } = lookup;
    return json(200, template.renderers.map((renderer) => rendererBody(context, template, renderer)));
  });
};
