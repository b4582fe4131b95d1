import type { ModuleRecipes } from '../_requests.ts';

/**
 * A parameter id no platform hands out: int32's maximum (the vendor types
 * the ids int32). Deleting it deletes nothing, on any target.
 */
export const unusedParameterId = 2_147_483_647;

/** How the lifecycle checks exercise each template-builder endpoint of the catalog (spec §4.6). */
export const templateBuilderRequests: ModuleRecipes<'template-builder'> = {
  'template-builder.attachment-external-ids': {
    // The body lists lists of external ids to map to attachment ids (the vendor's
    // MapsRestApi-POST_getAttachmentIds: an array of string arrays). A made-up id
    // maps to nothing, and the call only reads, POST or not.
    body: () => [['upgrade-guard-probe-external-id']],
    unchanged: 'a lookup of a made-up external id: the call only reads',
    readOnlyProbe: "a lookup of attachment ids by external ids (the vendor's getAttachmentIds) for an id no attachment has: it stores nothing",
  },
  'template-builder.dynamic-service-parameters-delete': {
    // `id` names the parameters to delete (vendor: a required int32 array).
    // The probe names one that does not exist, so the endpoint is shown to be
    // served without deleting anything: the vendor documents only 204 for it,
    // a bulk delete. That named parameters really go is checked by
    // suites/modules/template-builder/dynamic-service-parameters-deleted.test.ts.
    query: () => ({ id: unusedParameterId }),
    unchanged: 'names a parameter id no platform hands out',
  },
};
