/**
 * Template builder contracts (spec §4.6): the two endpoints 8.0 removed
 * without deprecation (7.4), and the boxes and variables 8.0 adds.
 */
import { MatchersV3 } from '../matchers.ts';
import { canWriteAttachments, getAttachmentIdsByExternalIds, getTemplateBoxes, getTemplateVariables } from '../../src/api/modules/template-builder.ts';
import { example, type ModuleContracts } from '../interaction.ts';

const { boolean, eachLike, integer, like } = MatchersV3;

/** One list of external ids (the vendor's body is an array of string arrays). */
const externalIds = [['crm-4711']];

export const templateBuilderContracts: ModuleContracts = {
  module: 'templateBuilder',
  versions: {
    '7.4': [
      {
        slug: 'user-write-attachments',
        killedBy: ['template-builder-removed-wrapped-in-7.4'],
        observedBy: ['template-builder-removed-early'],
        description: 'a request whether the user may write attachments',
        endpoint: 'template-builder.user-write-attachments',
        status: 200,
        responseBody: boolean(true),
        drive: (api) => canWriteAttachments(api),
      },
      {
        slug: 'attachment-external-ids',
        killedBy: ['template-builder-removed-wrapped-in-7.4'],
        observedBy: ['template-builder-removed-early'],
        description: 'a request for the attachment ids of external ids',
        endpoint: 'template-builder.attachment-external-ids',
        body: externalIds,
        status: 201,
        // The ids found: any number of them.
        responseBody: like([]),
        drive: (api) => getAttachmentIdsByExternalIds(api, externalIds),
      },
    ],
    '8.0': [
      {
        slug: 'template-boxes',
        killedBy: ['template-builder-ids-as-strings'],
        observedBy: ['template-builder-boxes-missing'],
        description: 'a request for the boxes of a template',
        state: 'a template with boxes and variables exists',
        endpoint: 'template-builder.template-boxes',
        status: 200,
        responseBody: eachLike({ id: integer(41041) }),
        drive: (api) => getTemplateBoxes(api, example('templateId')),
      },
      {
        slug: 'template-variables',
        killedBy: ['template-builder-ids-as-strings'],
        observedBy: ['template-builder-variables-missing'],
        description: 'a request for the variables of a template',
        state: 'a template with boxes and variables exists',
        endpoint: 'template-builder.template-variables',
        status: 200,
        responseBody: eachLike({ id: integer(51041) }),
        drive: (api) => getTemplateVariables(api, example('templateId')),
      },
    ],
  },
};
