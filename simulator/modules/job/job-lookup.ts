/**
 * Finds the job a `dse-object/{instanceId}/{l10nLocaleId}` path names.
 * Jobs are not localised, so any integer locale id reaches the job; a
 * non-integer segment is a malformed request (400), an unknown instance 404.
 */
import type { SimRequest, SimResponse } from '../../http/router.ts';
import type { JobFixtures, JobRecord } from '../../fixtures/job.ts';
import { parseInteger } from '../../fixtures/request-values.ts';
import { badRequest, notFound } from './errors.ts';

export type JobLookup = { readonly ok: true; readonly job: JobRecord } | { readonly ok: false; readonly response: SimResponse };

export function lookupDseObject(request: SimRequest, state: JobFixtures): JobLookup {
  const instanceId = parseInteger(request.params.instanceId);
  const localeId = parseInteger(request.params.l10nLocaleId);
  if (instanceId === undefined || localeId === undefined) {
    return { ok: false, response: badRequest(request, 'instanceId and l10nLocaleId must be integers') };
  }
  const job = state.jobs.find((candidate) => candidate.instanceId === instanceId);
  return job ? { ok: true, job } : { ok: false, response: notFound(request, `DSE object ${instanceId} not found`) };
}
