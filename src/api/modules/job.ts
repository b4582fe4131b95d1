/**
 * Typed client of the job module (prefix `/dse/rest`, spec §4.2). Endpoint
 * functions are named after what the platform calls them; each returns the
 * HttpResponse so a caller can check status and shape itself.
 */
import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../platform-api.ts';
import { callCatalogEntry } from './_catalog-call.ts';

export interface MyActiveQuery {
  readonly offset?: number;
  readonly limit?: number;
  /** New in 8.0 (spec §4.2); the vendor's keys, e.g. `var_-117` (due date). */
  readonly sort?: string;
}

/** GET /dse/rest/v1.0/dashboards/my-active: the caller's active jobs, `{items, total}` (spec §2, §4.2). */
export function getMyActiveDashboard(api: PlatformApi, query: MyActiveQuery = {}): Promise<HttpResponse> {
  return callCatalogEntry(api, 'job.dashboard-my-active', { query: { offset: query.offset, limit: query.limit, sort: query.sort } });
}

/** Job search request (spec §2): `userIdUUID` new in 8.0, `userId` deprecated. */
export interface JobSearchRequest {
  readonly userIdUUID?: string;
  readonly userId?: number;
  readonly filterId?: number;
  readonly states?: readonly string[];
  readonly from?: number;
  readonly limit?: number;
}

/** POST /dse/rest/v1.0/jobs/_search: a read-only search, the query in the body (spec §4.2). */
export function searchJobs(api: PlatformApi, body: JobSearchRequest): Promise<HttpResponse> {
  return callCatalogEntry(api, 'job.jobs-search', { json: body });
}

export interface GridRef {
  readonly ordinalNumber: number | string;
  readonly variableInstanceId: number | string;
}

/**
 * DELETE …/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete, the bulk row delete 8.0 removed (spec §4.2).
 * The row ids go in the query (`rowIds=1,2`): the vendor documents the grid-row DELETEs without a body.
 */
export function deleteGridRows(api: PlatformApi, grid: GridRef, rowInstanceIds: readonly number[]): Promise<HttpResponse> {
  return callCatalogEntry(api, 'job.grid-rows-delete', { pathParams: { ...grid }, query: { rowIds: rowInstanceIds.join(',') } });
}

/**
 * GET …/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows: the rows of a
 * job grid. Not a change of the spec (so not in the catalog); both versions
 * serve it, and it is how rows to delete are found.
 */
export function getGridRows(api: PlatformApi, grid: GridRef): Promise<HttpResponse> {
  return api.call({ method: 'GET', path: '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows', pathParams: { ...grid } });
}
