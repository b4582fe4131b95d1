/**
 * Job grid rows. GET …/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows
 * reads them in both versions (vendor GridRowDto). DELETE …/rows/_delete,
 * the bulk delete that 8.0 removed (spec §4.2 "removed"), exists in 7.4
 * only: it takes the row ids as `rowIds=1,2` in the query (or, from older
 * clients, a JSON array body), deletes them all or none, and answers
 * `true`; an empty selection (`rowIds=` or `[]`) deletes nothing and also
 * answers `true`.
 */
import { json, type Router, type SimRequest, type SimResponse } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';
import type { GridRow, JobFixtures } from '../../fixtures/job.ts';
import { parseInteger, readListParam } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';
import { jobRoles } from './roles.ts';

const rows = '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows';

/**
 * The vendor's GridRowDto: `values` maps each column to its value, in 7.4
 * as an object of strings (`{value, displayValue}`), in 8.0 as the string itself.
 */
function gridRowDto(row: GridRow, version: ModuleContext['version']) {
  const values: Record<string, string | Record<string, string>> = {};
  for (const [column, value] of Object.entries(row.values)) values[column] = version === '7.4' ? { value, displayValue: value } : value;
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
 * Row ids from the `rowIds` query parameter, else from a JSON array body.
 * An empty selection (`rowIds=`, `[]`) is a valid selection of no rows (the
 * delete then changes nothing); a request that names no selection at all is not.
 */
function requestedRowIds(request: SimRequest): number[] | undefined {
  const named = request.query.has('rowIds') || Array.isArray(request.body);
  const raw: unknown[] = request.query.has('rowIds') ? readListParam(request.query, 'rowIds') : Array.isArray(request.body) ? request.body : [];
  const ids = raw.map((entry) => (typeof entry === 'number' ? entry : parseInteger(typeof entry === 'string' ? entry : undefined)));
  if (!named || ids.some((id) => id === undefined || !Number.isInteger(id))) return undefined;
  return ids.flatMap((id) => (id === undefined ? [] : [id]));
}

export function registerGrids(router: Router, context: ModuleContext, state: JobFixtures): void {
  router.api('GET', rows, jobRoles, (request) => {
    const grid = gridKey(request, state);
    return grid.ok ? json(200, (state.grids.get(grid.key) ?? []).map((row) => gridRowDto(row, context.version))) : grid.response;
  });

  const servesBulkDelete = (): boolean =>
    context.version === '7.4' ? !context.faults.has('job-grid-rows-delete-removed-early') : context.faults.has('job-removed-grid-delete-still-served');
  router.when(servesBulkDelete).api('DELETE', `${rows}/_delete`, jobRoles, (request) => {
    const grid = gridKey(request, state);
    if (!grid.ok) return grid.response;
    const ids = requestedRowIds(request);
    if (!ids) return badRequest(request, 'Send the row ids to delete as rowIds=1,2 (integers)');
    const existing = state.grids.get(grid.key) ?? [];
    const missing = ids.filter((id) => !existing.some((row) => row.rowInstanceId === id));
    if (missing.length > 0) return notFound(request, `Rows not found: ${missing.join(', ')}`);
    state.grids.set(grid.key, existing.filter((row) => !ids.includes(row.rowInstanceId)));
    // Fault job-grid-rows-delete-no-content: the rows go, but the answer is not the 200 `true` 7.4 clients read.
    return context.faults.has('job-grid-rows-delete-no-content') ? { status: 204 } : json(200, true);
  });
}
