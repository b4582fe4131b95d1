/**
 * MAPS attachment helpers that 7.4 serves and 8.0 removed without
 * deprecation (spec §4.6):
 * - POST /wp/rest/attachment/externalIds: lists of external ids in, for
 *   each list the attachment ids known for its ids out (201; the vendor
 *   documents both bodies as arrays of string arrays);
 * - GET /wp/rest/user/write/attachments: whether the caller may create
 *   attachments (a boolean).
 */
import { json } from '../../../http/router.ts';
import { attachmentIdsByExternalId } from '../../../fixtures/template-builder.ts';
import { roles } from '../../../fixtures/users.ts';
import { templateBuilderAccess } from '../access.ts';
import { templateBuilderError } from '../errors.ts';
import type { TemplateBuilderRoutes } from '../registrar.ts';

export const registerAttachmentRoutes: TemplateBuilderRoutes = (router, context) => {
  router.api('POST', '/wp/rest/attachment/externalIds', templateBuilderAccess, (request) => {
    const body = request.body;
    if (!Array.isArray(body) || !body.every((group) => Array.isArray(group) && group.every((entry) => typeof entry === 'string'))) {
      return templateBuilderError(request, 400, 'The request body must be an array of external id lists.');
    }
    const found = body.map((group: readonly string[]) =>
      group.flatMap((externalId) => {
        const attachmentId = attachmentIdsByExternalId[externalId];
        return attachmentId === undefined ? [] : [attachmentId];
      }),
    );
    return json(201, context.faults.has('template-builder-removed-wrapped-in-7.4') ? { attachmentIds: found } : found);
  });

  router.api('GET', '/wp/rest/user/write/attachments', templateBuilderAccess, (request) => {
    // Attachments live in the planning module: writing them needs its access.
    const writable = request.principal?.roles.has(roles.planningModuleAccess) === true;
    return json(200, context.faults.has('template-builder-removed-wrapped-in-7.4') ? { writable } : writable);
  });
};
