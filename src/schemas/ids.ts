/**
 * The ids of the JSON Schemas under `schemas/`. A schema id is the file's
 * path below `schemas/` without `.json`, and its `$id` is
 * `https://upgrade-guard.dev/schemas/<id>.json`:
 *
 * - `common/…` one shape for both versions;
 * - `7.4/…` and `8.0/…` the shape of that version, where the versions differ
 *   or the resource exists in one version only.
 *
 * The validator refuses to start when this list and the files disagree, and
 * a test checks the same, so an id in the catalog always names a real file.
 */
export const schemaIds = [
  // Both versions
  'common/token-response',
  'common/job-search-response',
  'common/review-general-info',
  'common/review-participant-approval',
  'common/web-tracing-result',
  'common/workflow-step-collection',

  // 7.4 shapes
  '7.4/user',
  '7.4/identifier-pair',
  '7.4/assignment',
  '7.4/dse-user-group',
  '7.4/dashboard-my-active',
  '7.4/job-search-request',
  '7.4/dse-object',
  '7.4/group',
  '7.4/node-type-icon-download',
  '7.4/asset',
  '7.4/themes',
  '7.4/shop-advanced-search-request',
  '7.4/shop-advanced-search-response',
  '7.4/review-object-react',
  '7.4/create-review-object',
  '7.4/participant-extended',

  // 8.0 shapes: job module
  '8.0/user',
  '8.0/identifier-pair',
  '8.0/assignment',
  '8.0/dse-user-group',
  '8.0/dashboard-my-active',
  '8.0/job-search-request',
  '8.0/dse-object',
  '8.0/dse-object-history-page',
  '8.0/dse-participant-list',
  '8.0/participant-uuid-list',
  '8.0/process-type-v2',
  '8.0/dse-object-light-page',
  '8.0/discussion-count',
  // 8.0 shapes: planning module
  '8.0/group',
  '8.0/group-list',
  '8.0/group-request',
  '8.0/node-copy-request',
  '8.0/node-type-icon-download',
  '8.0/fee-list',
  '8.0/view',
  '8.0/planning-page',
  '8.0/planning-page-summary',
  // 8.0 shapes: media module
  '8.0/ai-tagging-status',
  '8.0/ai-tagging-state-request',
  '8.0/ai-tagging-state-response',
  '8.0/webhook-create-request',
  '8.0/media-user',
  '8.0/asset',
  '8.0/themes',
  // 8.0 shapes: shop, review and template builder modules
  '8.0/shop-advanced-search-request',
  '8.0/shop-advanced-search-response',
  '8.0/review-object-react',
  '8.0/create-review-object',
  '8.0/participant-extended',
  '8.0/template-renderer-list',
  '8.0/template-box-list',
  '8.0/template-variable-list',
] as const;

export type SchemaId = (typeof schemaIds)[number];

const schemaIdBase = 'https://upgrade-guard.dev/schemas/';

/** The `$id` a schema file must carry. */
export function schemaUrl(id: SchemaId): string {
  return `${schemaIdBase}${id}.json`;
}

export function isSchemaId(value: string): value is SchemaId {
  return (schemaIds as readonly string[]).includes(value);
}
