import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The template-builder module's checks (suites/modules/template-builder) that each fault must make fail. */
export const templateBuilderKills: KillExpectations = {
  'template-builder-removed-still-served': ['template-builder.attachment-external-ids.gone', 'template-builder.user-write-attachments.gone'],
  // A 7.4 instance that already dropped what only 8.0 removes (spec §4.6).
  'template-builder-removed-early': ['template-builder.attachment-external-ids.served', 'template-builder.user-write-attachments.served'],
  'template-builder-variables-missing': ['template-builder.template-variables.served'],
  'template-builder-boxes-missing': ['template-builder.template-boxes.served'],
  'template-builder-parameters-delete-missing': [
    'template-builder.dynamic-service-parameters-delete.served',
    'template-builder.dynamic-service-parameters-delete.deletes-named',
  ],
  'template-builder-parameters-delete-ignored': ['template-builder.dynamic-service-parameters-delete.deletes-named'],
  'template-builder-renderers-404-as-500': ['template-builder.template-renderers.unknown-template-404'],
  'template-builder-renderers-403-as-404': ['template-builder.template-renderers.hidden-template-403'],
  'template-builder-renderer-properties-wrong-type': [
    'template-builder.template-renderers.served',
    'template-builder.template-renderers.optional-properties-typed',
  ],
};

/** The template-builder module's checks that each fault must turn into an observation. */
export const templateBuilderObservations: ObservationExpectations = {
  // An 8.0 endpoint already on a 7.4 instance is reported, not failed: 7.4 patch levels differ.
  'template-builder-added-served-in-7.4': [
    'template-builder.dynamic-service-parameters-delete.absent-before-8.0',
    'template-builder.template-boxes.absent-before-8.0',
    'template-builder.template-renderers.absent-before-8.0',
    'template-builder.template-variables.absent-before-8.0',
  ],
};
