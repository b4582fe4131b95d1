/**
 * What the job checks share (spec §4.2): their catalog entries and labels,
 * JSON guards, the fixtures a check needs, and the caller's jobs and the
 * users named in them, read from the plain job search both versions serve.
 */
import type { TestContext } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { entryById, existsIn, expectedVerdict, type CatalogEntry, type EntryIdOf } from '../../../src/catalog/index.ts';
import type { FixtureName } from '../../../src/catalog/fixtures.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { okBody } from '../../../src/check/failure.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { isRecord, type JsonRecord } from '../../../src/http/json.ts';
export { isRecord, type JsonRecord };

export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export function jobEntry(id: EntryIdOf<'job'>): CatalogEntry {
  return entryById(id);
}

export function entryLabels(entry: CatalogEntry, spec: string = entry.specSection): CheckLabels {
  return { module: entry.module, feature: entry.change, story: `${entry.method} ${entry.path}`, spec };
}

/**
 * A check of what 8.0 adds to an endpoint (a new parameter or field) does
 * not apply to a version without that change (7.4): a documented N/A skip.
 */
export async function skipUnlessChanged(test: TestContext, entry: CatalogEntry, version: PlatformVersion): Promise<void> {
  const verdict = expectedVerdict(entry, version);
  if (verdict === 'unchanged' || verdict === 'absent') {
    await skipWithReason(test, `not applicable: ${entry.method} ${entry.path} is ${entry.change} in 8.0; ${version} does not have the change (spec ${entry.specSection})`);
  }
}

/** A check of an endpoint 8.0 adds does not apply to a version without it (7.4, where the lifecycle probes it): a documented N/A skip. */
export async function skipUnlessServed(test: TestContext, entry: CatalogEntry, version: PlatformVersion): Promise<void> {
  if (!existsIn(entry, version)) await skipWithReason(test, `not applicable: ${entry.method} ${entry.path} is ${entry.change} in 8.0, not part of ${version} (spec ${entry.specSection})`);
}

/** A fixture the check needs, or a skip naming why it is missing and how to set it. */
export async function requireFixture(test: TestContext, context: SuiteContext, name: FixtureName): Promise<string> {
  const lookup = await context.fixtures.lookup(name);
  return 'value' in lookup ? lookup.value : skipWithReason(test, lookup.missing);
}

// A module's answer read as its body: one helper for every suite (src/check/failure.ts).
export { okBody };

// Paths are written once, in the catalog.
export const myActivePath = jobEntry('job.dashboard-my-active').path;
const searchPath = jobEntry('job.jobs-search').path;
export const dseObjectPath = jobEntry('job.dse-object').path;
export const participantsPath = jobEntry('job.participants-list').path;

/** POST …/jobs/_search with the given request; the body is the search request of spec §2. */
export function searchJobs(api: PlatformApi, request: JsonRecord): Promise<HttpResponse> {
  return api.call({ method: 'POST', path: searchPath, json: request });
}

/** The instance ids a search answered, sorted: two searches select the same jobs when these are equal. */
export function searchedInstanceIds(response: HttpResponse, what: string): number[] {
  const body = okBody(response, what);
  return records(isRecord(body) ? body['values'] : undefined)
    .map((value) => value['instanceId'])
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}

export interface JobRef {
  readonly instanceId: string;
  readonly l10nLocaleId: string;
}

/** A user of the 8.0 identifier pair (spec §2): the legacy integer id and the UUID. */
export interface UserPair {
  readonly id: number;
  readonly uuid: string;
  readonly fullName: string;
}

/** The caller's jobs (plain search: no user, no states, no filter), as DseObjectDto records. */
export async function callersJobs(api: PlatformApi): Promise<JsonRecord[]> {
  const body = okBody(await searchJobs(api, { from: 0, limit: 50 }), `POST ${searchPath}`);
  return records(isRecord(body) ? body['values'] : undefined);
}

export function jobRef(job: JsonRecord): JobRef | undefined {
  const instanceId = job['instanceId'];
  const l10nLocaleId = job['l10nLocaleId'];
  return typeof instanceId === 'number' && typeof l10nLocaleId === 'number' ? { instanceId: String(instanceId), l10nLocaleId: String(l10nLocaleId) } : undefined;
}

/** The users the jobs name (creators and assignees) that carry both identifiers, once each. */
export function usersNamedIn(jobs: readonly JsonRecord[]): UserPair[] {
  const found = new Map<string, UserPair>();
  for (const job of jobs) {
    const assignment = job['assignment'];
    const candidates = [job['creator'], ...(isRecord(assignment) ? records(assignment['assignees']) : [])];
    for (const candidate of candidates) {
      if (!isRecord(candidate)) continue;
      const { id, uuid, fullName } = candidate;
      if (typeof id === 'number' && typeof uuid === 'string' && !found.has(uuid)) found.set(uuid, { id, uuid, fullName: typeof fullName === 'string' ? fullName : '' });
    }
  }
  return [...found.values()];
}
