/**
 * Where an asset is used, added in 8.0 (spec §4.2, tag
 * DseJobDiscussionRestServiceV2), under /dse/rest/{version}/assets/{assetId}:
 *
 * - `/jobs` and `/products`: paginated lists of the jobs and products that
 *   contain the asset, as the vendor's PageDto `{data, limit, offset,
 *   totalCount}` of DseObjectLightDto (offset/limit, default limit 20);
 * - `/discussion-count`: how many job discussions contain it (an integer).
 *
 * `{version}` is any `v<major>[.<minor>]` segment (spec §9.2); another
 * segment names no resource (404). An asset used nowhere gives an empty page.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { JobFixtures } from '../../fixtures/job.ts';
import { readPageWindow, slicePage } from '../../fixtures/paging.ts';
import { isApiVersionSegment, parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { servesAddedEndpoints } from './added-endpoints.ts';
import { jobRoles } from './roles.ts';

interface DseObjectLightDto {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly deepLink: string;
}

type AssetRequest = { readonly ok: true; readonly assetId: number } | { readonly ok: false; readonly response: SimResponse };

function readAssetRequest(request: SimRequest): AssetRequest {
  if (!isApiVersionSegment(request.params.version)) return { ok: false, response: notFound(request, `No resource at ${request.path}`) };
  const assetId = parseInteger(request.params.assetId);
  return assetId === undefined ? { ok: false, response: badRequest(request, 'assetId must be an integer') } : { ok: true, assetId };
}

export function registerAssetUsage(router: Router, context: ModuleContext, state: JobFixtures): void {
  const added = router.when(() => servesAddedEndpoints(context));
  const base = context.baseUrl;

  const page = (request: SimRequest, find: (assetId: number) => DseObjectLightDto[]): SimResponse => {
    const asset = readAssetRequest(request);
    if (!asset.ok) return asset.response;
    const window = readPageWindow(request.query, { defaultLimit: 20, maxLimit: 200 });
    if (!window.ok) return badRequest(request, window.reason);
    const all = find(asset.assetId);
    return json(200, { data: slicePage(all, window.window), limit: window.window.limit, offset: window.window.offset, totalCount: all.length });
  };

  const jobsWith = (assetId: number): DseObjectLightDto[] =>
    state.jobs
      .filter((job) => job.assetIds.includes(assetId))
      .map((job) => ({ id: job.instanceId, name: job.name, displayName: `J-${job.ordinalNumber} ${job.name}`, deepLink: `${base()}/dse/#/jobs/${job.ordinalNumber}` }));

  const productsWith = (assetId: number): DseObjectLightDto[] =>
    state.products
      .filter((product) => product.assetIds.includes(assetId))
      .map((product) => ({ id: product.id, name: product.name, displayName: `P-${product.id} ${product.name}`, deepLink: `${base()}/dse/#/products/${product.id}` }));

  const discussionCount = (request: SimRequest): SimResponse => {
    const asset = readAssetRequest(request);
    return asset.ok ? json(200, state.discussionCounts.get(asset.assetId) ?? 0) : asset.response;
  };

  added.when(() => !context.faults.has('job-discussion-count-missing')).api('GET', '/dse/rest/{version}/assets/{assetId}/discussion-count', jobRoles, discussionCount);
  added.when(() => !context.faults.has('job-assets-jobs-missing')).api('GET', '/dse/rest/{version}/assets/{assetId}/jobs', jobRoles, (request) => page(request, jobsWith));
  added.when(() => !context.faults.has('job-assets-products-missing')).api('GET', '/dse/rest/{version}/assets/{assetId}/products', jobRoles, (request) => page(request, productsWith));
}
