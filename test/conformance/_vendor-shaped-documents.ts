/**
 * Small OpenAPI 3.0 documents written here from facts of the vendor's 8.0
 * documents (never copies of them), under the vendor's file names, for the
 * tests that label findings with what the vendor's document says:
 * - the media document has GET and POST /rest/mp/v1.1/ai-tagging and an
 *   operation on `{assetId}` below it, but no `configurations`, `providers`
 *   or `statistics`; webhooks are
 *   created at v1.2; the workflow steps of a virtual database are at v1.1,
 *   by `{vdbId}` and by `{vdbUuid}`, and not at v1.2;
 * - the job search's `states` are items of the schema `DseObjectState`,
 *   whose enum has ACTIVE and other states but no PENDING;
 * - the planning fee list is a `FeePageDTO`: `content` items with `id`,
 *   `name` and `type`, no `fees`;
 * - the planning node copy is deprecated, its description naming the
 *   `copy-extended` operation to use; the media archive entries of an asset
 *   are deprecated and name nothing.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const info = (title: string): { title: string; version: string } => ({ title, version: '8.0.1.0' });
const ok = { '200': { description: 'OK' } };
/** openapi-backend routes by operationId, as the vendor's documents give one to each operation. */
const op = (operationId: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ operationId, responses: ok, ...more });

export const mediaDocument80 = {
  openapi: '3.0.1',
  info: info('mediapool'),
  paths: {
    '/rest/mp/v1.1/ai-tagging': { get: op('getAiTagging'), post: op('setAiTaggingState') },
    '/rest/mp/v1.1/ai-tagging/{assetId}': { post: op('forceAssetAiTagging', { parameters: [{ name: 'assetId', in: 'path', required: true, schema: { type: 'integer' } }] }) },
    '/rest/mp/v1.2/webhooks': { get: op('listWebhooks'), post: op('createWebhook') },
    '/rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps': { get: op('getWorkflowStepsById', { parameters: [{ name: 'vdbId', in: 'path', required: true, schema: { type: 'integer' } }] }) },
    '/rest/mp/v1.1/virtual-databases/{vdbUuid}/workflow-steps': { get: op('getWorkflowStepsByUuid', { parameters: [{ name: 'vdbUuid', in: 'path', required: true, schema: { type: 'string' } }] }) },
    '/rest/mp/v1.0/archive-entries/asset/{assetId}': { get: op('getArchiveEntries', { deprecated: true, description: 'Get archive entries for asset' }) },
    '/rest/mp/v1.1/assets/{assetId}': { get: op('getAsset', { parameters: [{ name: 'assetId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { ...ok, '404': { description: 'Not found' } } }) },
  },
};

export const jobDocument80 = {
  openapi: '3.0.1',
  info: info('jobmanager'),
  paths: {
    '/dse/rest/v1.0/jobs/_search': {
      post: {
        operationId: 'searchJobs',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SearchParamDto' } } } },
        responses: { ...ok, '422': { description: 'Unprocessable' } },
      },
    },
  },
  components: {
    schemas: {
      SearchParamDto: { type: 'object', properties: { userIdUUID: { type: 'string' }, states: { type: 'array', items: { $ref: '#/components/schemas/DseObjectState' } } } },
      DseObjectState: { type: 'string', enum: ['ACTIVE', 'CANCELED', 'DELETED', 'FINISHED'] },
    },
  },
};

export const mapsDocument80 = {
  openapi: '3.0.1',
  info: info('maps'),
  paths: {
    '/maps/rest/api/{version}/node/{nodeId}/copy/{parentId}': { post: op('copyNode', { deprecated: true, description: 'Deprecated, use /node/{123}/copy-extended/{456} instead. Copy node to parent.' }) },
    '/maps/rest/api/{version}/node/{nodeId}/copy-extended/{parentId}': { post: op('copyNodeExtended') },
    '/maps/rest/api/{version}/fee': {
      get: op('getFees', {
        parameters: [
          { name: 'version', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'query', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'Page of fees', content: { 'application/json': { schema: { $ref: '#/components/schemas/FeePageDTO' } } } } },
      }),
    },
  },
  components: {
    schemas: {
      FeePageDTO: { type: 'object', properties: { content: { type: 'array', items: { $ref: '#/components/schemas/FeeDTO' } }, totalElements: { type: 'integer' } } },
      FeeDTO: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, type: { type: 'string', enum: ['ABSOLUTE', 'PERCENT'] } } },
    },
  },
};

/** A folder holding the documents, as OPENAPI_DIR would. */
export async function vendorShapedFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ug-vendor-shaped-'));
  await writeFile(join(dir, 'mediapool-api-8.0.1.0.json'), JSON.stringify(mediaDocument80));
  await writeFile(join(dir, 'jobmanager-api-8.0.1.0.json'), JSON.stringify(jobDocument80));
  await writeFile(join(dir, 'maps-api-8.0.1.0.json'), JSON.stringify(mapsDocument80));
  return dir;
}
