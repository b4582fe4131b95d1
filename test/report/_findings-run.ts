/**
 * A run record of a staging that departs from the spec, written by hand for
 * the report tests: an 8.0 endpoint not served (and a check waiting on it),
 * a body without a field the spec requires, a status the spec does not allow
 * (two checks, one root cause), a removed endpoint still served, a failure
 * about no module, and passing lifecycle checks whose observations carry a
 * schema id.
 */
import type { CheckResult } from '../../src/runner/results.ts';

function result(project: string, id: string, name: string, state: CheckResult['state'], extra: Partial<CheckResult> = {}): CheckResult {
  return { project, version: project.slice(-3), file: 'f', id, name: `${name} [${id}]`, state, ...extra };
}

export const configurations = 'GET /rest/mp/v1.1/ai-tagging/configurations';
export const search = 'POST /dse/rest/v1.0/jobs/_search';
export const checks: readonly CheckResult[] = [
  result('staging 8.0', 'media.ai-tagging-configurations.served', `${configurations} is served (new)`, 'failed', {
    observed: '405',
    endpoint: configurations,
    error: `GET /rest/mp/v1.1/ai-tagging/configurations answered 405 (expected a 2xx); spec §4.4 lists ${configurations} as served on 8.0 (new); what to do: ask the vendor`,
  }),
  result('staging 8.0', 'media.ai-tagging-configurations.role-required', `${configurations} answers 403 to a user without the role`, 'skipped', {
    endpoint: configurations,
    finding: 'media.ai-tagging-configurations.served',
    note: `not checked: ${configurations} is not served (405; finding media.ai-tagging-configurations.served)`,
  }),
  result('staging 8.0', 'media.asset.served', 'GET /rest/mp/v1.1/assets/{assetId} is served (changed)', 'failed', {
    observed: '200 (8.0/asset)',
    endpoint: 'GET /rest/mp/v1.1/assets/{assetId}',
    error: 'body against 8.0/asset: (root): expected required property assetSets, got none',
  }),
  result('staging 8.0', 'job.jobs-search.served', `${search} is served (changed)`, 'failed', {
    observed: '422 (common/job-search-response)',
    endpoint: search,
    error: `${search} answered 422: 'states[1]: must be one of ACTIVE, DONE' (expected a 2xx); spec §4.2 lists ${search} as served on 8.0 (changed); what to do: send only the states the target lists`,
  }),
  result('staging 8.0', 'job.search.pending', 'a job search by the PENDING state is answered', 'failed', {
    endpoint: search,
    error: `${search} answered 422: 'states[1]: must be one of ACTIVE, DONE' (expected a 2xx); spec §3 names PENDING`,
  }),
  result('staging 8.0', 'job.grid-rows-delete.gone', 'DELETE /dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete is gone (404, 405 or 410)', 'failed', {
    observed: '200',
    endpoint: 'DELETE /dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete',
    error: 'DELETE /dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete still answers: expected [ 404, 405, 410 ] to include 200',
  }),
  result('staging 7.4', 'job.assets-jobs.absent-before-8.0', 'GET /dse/rest/{version}/assets/{assetId}/jobs (8.0) is not served yet', 'passed', { observed: '404' }),
  result('staging 8.0', 'job.assets-jobs.served', 'GET /dse/rest/{version}/assets/{assetId}/jobs is served (new)', 'passed', { observed: '200 (8.0/dse-object-light-page)' }),
  result('staging 8.0', 'auth.token-refresh', 'the refresh grant issues a new pair', 'failed', { error: 'the old refresh token still works' }),
];

