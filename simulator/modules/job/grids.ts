/**
 * Job grid rows. GET …/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows
 * reads them in both versions (vendor GridRowDto). DELETE …/rows/_delete,
 * the bulk delete that 8.0 removed (spec §4.2 "removed"), exists in 7.4
 * only: it takes the row ids as a JSON array (or `rowIds=1,2` in the
 * query), deletes them all or none, and answers `true`; an empty array
 * deletes nothing and also answers `true`.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { GridRow, JobFixtures } from '../../fixtures/job.ts';
import { parseInteger, readListParam } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { jobRoles } from './roles.ts';

const rows = '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows';

function gridRowDto(row: GridRow) {
  const values: Record<string, Record<string, string>> = {};
  for (const [column, value] of Object.entries(row.values)) values[column] = { value, displayValue: value };
  return { rowEditable: true, rowInstanceId: row.rowInstanceId, values };
}

type GridKey = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly response: SimResponse };

function gridKey(request: SimRequest, state: JobFixtures): GridKey {
  const ordinal = parseInteger(request.params.ordinalNumber);
  const variable = parseInteger(request.params.variableInstanceId);
  if (ordinal === undefined || variable === undefined) return { ok: false, response: badRequest(request, 'ordinalNumber and variableInstanceId must be integers') };
  const key = `${ordinal}/${variable}`;
  return state.grids.has(key) ? { ok: true, key } : { ok: false, response: notFound(request, `Grid ${variable} of job ${ordinal} not found`) };
}

/**
 * Row ids from a JSON array body, else from the `rowIds` query parameter.
 * An empty JSON array is a valid selection of no rows (the delete then
 * changes nothing); a request that names no selection at all is not.
 */
function requestedRowIds(request: SimRequest): number[] | undefined {
  const fromBody = Array.isArray(request.body);
  const raw: unknown[] = Array.isArray(request.body) ? request.body : readListParam(request.query, 'rowIds');
  const ids = raw.map((entry) => (typeof entry === 'number' ? entry : parseInteger(typeof entry === 'string' ? entry : undefined)));
  if ((!fromBody && ids.length === 0) || ids.some((id) => id === undefined || !Number.isInteger(id))) return undefined;
  return ids.flatMap((id) => (id === undefined ? [] : [id]));
}

export function registerGrids(router: Router, context: ModuleContext, state: JobFixtures): void {
  router.api('GET', rows, jobRoles, (request) => {
    const grid = gridKey(request, state);
    return grid.ok ? json(200, (state.grids.get(grid.key) ?? []).map(gridRowDto)) : grid.response;
  });

  const servesBulkDelete =
    context.version === '7.4' ? !context.faults.has('job-grid-rows-delete-removed-early') : context.faults.has('job-removed-grid-delete-still-served');
  if (!servesBulkDelete) return;
  router.api('DELETE', `${rows}/_delete`, jobRoles, (request) => {
    const grid = gridKey(request, state);
    if (!grid.ok) return grid.response;
    const ids = requestedRowIds(request);
    if (!ids) return badRequest(request, 'Send the row ids to delete as a JSON array of integers');
    const existing = state.grids.get(grid.key) ?? [];
    const missing = ids.filter((id) => !existing.some((row) => row.rowInstanceId === id));
    if (missing.length > 0) return notFound(request, `Rows not found: ${missing.join(', ')}`);
    state.grids.set(grid.key, existing.filter((row) => !ids.includes(row.rowInstanceId)));
    return json(200, true);
  });
}
