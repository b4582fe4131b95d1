/** Template builder module endpoint changes, spec §4.6 (prefix `/wp/rest`). */
import { endpointChanges } from './types.ts';

const template = { id: 'templateId' } as const;

export const templateBuilderEntries = endpointChanges([
  {
    id: 'template-builder.attachment-external-ids',
    module: 'templateBuilder',
    method: 'POST',
    path: '/wp/rest/attachment/externalIds',
    change: 'removed',
    specSection: '§4.6',
    notes: 'removed without deprecation',
    mutating: true,
    pathParams: {},
    faults: {
      // A 7.4 instance that already dropped what only 8.0 removes (spec §4.6).
      served: { killedBy: ['template-builder-removed-early'] },
      gone: { killedBy: ['template-builder-removed-still-served'] },
    },
  },
  {
    id: 'template-builder.user-write-attachments',
    module: 'templateBuilder',
    method: 'GET',
    path: '/wp/rest/user/write/attachments',
    change: 'removed',
    specSection: '§4.6',
    notes: 'removed without deprecation',
    mutating: false,
    pathParams: {},
    faults: {
      // A 7.4 instance that already dropped what only 8.0 removes (spec §4.6).
      served: { killedBy: ['template-builder-removed-early'] },
      gone: { killedBy: ['template-builder-removed-still-served'] },
    },
  },
  {
    id: 'template-builder.dynamic-service-parameters-delete',
    module: 'templateBuilder',
    method: 'DELETE',
    path: '/wp/rest/dynamic-services/{id}/parameters',
    change: 'added',
    specSection: '§4.6',
    notes: 'deletes parameters',
    mutating: true,
    pathParams: { id: 'dynamicServiceId' },
    faults: {
      served: { killedBy: ['template-builder-parameters-delete-missing'] },
      absentBefore8: { killedBy: [], observedBy: ['template-builder-added-served-in-7.4'] },
    },
  },
  {
    id: 'template-builder.template-boxes',
    module: 'templateBuilder',
    method: 'GET',
    path: '/wp/rest/templates/{id}/boxes',
    change: 'added',
    schemas: { response: { '8.0': '8.0/template-box-list' } },
    specSection: '§4.6',
    notes: 'operation id changed to TemplateBoxesResource-GET_getByTemplateId',
    mutating: false,
    pathParams: template,
    faults: {
      served: { killedBy: ['template-builder-boxes-missing', 'template-builder-ids-as-strings'] },
      absentBefore8: { killedBy: [], observedBy: ['template-builder-added-served-in-7.4'] },
    },
  },
  {
    id: 'template-builder.template-renderers',
    module: 'templateBuilder',
    method: 'GET',
    path: '/wp/rest/templates/{id}/renderers',
    change: 'added',
    newFields: { response: ['profile', 'resolution', 'type'] },
    statusCodes: [200, 403, 404],
    schemas: { response: { '8.0': '8.0/template-renderer-list' } },
    specSection: '§4.6',
    notes: 'optional response item properties profile, resolution, type',
    mutating: false,
    pathParams: template,
    faults: {
      served: { killedBy: ['template-builder-renderer-properties-wrong-type'] },
      absentBefore8: { killedBy: [], observedBy: ['template-builder-added-served-in-7.4'] },
    },
  },
  {
    id: 'template-builder.template-variables',
    module: 'templateBuilder',
    method: 'GET',
    path: '/wp/rest/templates/{id}/variables',
    change: 'added',
    schemas: { response: { '8.0': '8.0/template-variable-list' } },
    specSection: '§4.6',
    mutating: false,
    pathParams: template,
    faults: {
      served: { killedBy: ['template-builder-variables-missing', 'template-builder-ids-as-strings'] },
      absentBefore8: { killedBy: [], observedBy: ['template-builder-added-served-in-7.4'] },
    },
  },
]);
