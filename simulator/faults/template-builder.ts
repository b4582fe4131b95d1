import type { FaultDefinition } from './fault.ts';

/** Named deviations of the template-builder module from the spec. */
export const templateBuilderFaults = {
  'template-builder-removed-still-served': {
    description: '8.0 still serves POST /wp/rest/attachment/externalIds and GET /wp/rest/user/write/attachments, removed without deprecation.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-removed-early': {
    description: '7.4 no longer serves POST /wp/rest/attachment/externalIds and GET /wp/rest/user/write/attachments, which only 8.0 removes.',
    spec: '§4.6',
    versions: ['7.4'],
  },
  'template-builder-removed-wrapped-in-7.4': {
    description: '7.4 answers POST /wp/rest/attachment/externalIds and GET /wp/rest/user/write/attachments with their values inside an object.',
    spec: '§4.6',
    versions: ['7.4'],
  },
  'template-builder-ids-as-strings': {
    description: 'The boxes and variables of a template carry their ids as strings in 8.0.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-added-served-in-7.4': {
    description: '7.4 already serves the boxes, renderers and variables of a template and DELETE of dynamic-service parameters, which 8.0 adds.',
    spec: '§4.6',
    versions: ['7.4'],
  },
  'template-builder-variables-missing': {
    description: 'GET /wp/rest/templates/{id}/variables is not served in 8.0.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-boxes-missing': {
    description: 'GET /wp/rest/templates/{id}/boxes is not served in 8.0.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-parameters-delete-missing': {
    description: 'DELETE /wp/rest/dynamic-services/{id}/parameters is not served in 8.0.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-parameters-delete-ignored': {
    description: 'DELETE /wp/rest/dynamic-services/{id}/parameters answers 204 but the parameters stay.',
    spec: '§4.6',
    versions: ['8.0'],
  },
  'template-builder-renderers-404-as-500': {
    description: 'GET /wp/rest/templates/{id}/renderers answers 500 instead of 404 for a template that does not exist.',
    spec: '§4.6, §7',
    versions: ['8.0'],
  },
  'template-builder-renderers-403-as-404': {
    description: 'GET /wp/rest/templates/{id}/renderers answers 404 instead of 403 for a template the user may not see.',
    spec: '§4.6, §7',
    versions: ['8.0'],
  },
  'template-builder-renderer-properties-wrong-type': {
    description: 'Renderer items carry resolution and type as numbers instead of strings.',
    spec: '§4.6',
    versions: ['8.0'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
