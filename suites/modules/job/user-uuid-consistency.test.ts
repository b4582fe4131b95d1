/**
 * One user, one UUID (spec §2 identifier pair, §9.3 "users identified by
 * UUID instead of numeric ids"): on 8.0 a numeric user id that a job body
 * names more than once carries the same UUID each time, within the
 * dse-object body (its users and, with includeHistory, its history items)
 * and across endpoints (the dse-object's users against the history
 * endpoint's). Only ids both sides name are compared; the spec does not say
 * which users a history names.
 */
import { expect, type TestContext } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { recipeFor } from '../_requests.ts';
import { dseObjectPath, entryLabels, isRecord, jobEntry, okBody, records, requireFixture, skipUnlessServed } from './_job.ts';
import { compareUserRefs, historyUserRefs, jobUserRefs, type Comparison } from './_user-uuids.ts';

const dseObject = jobEntry('job.dse-object');
const histories = jobEntry('job.dse-object-histories');

async function requireUuidUsers(test: TestContext, context: SuiteContext): Promise<void> {
  if (context.profile.userIdentifier !== 'uuid') await skipWithReason(test, `not applicable to ${context.target.version}: users are identified by numeric ids before 8.0 (spec §9.3)`);
}

async function dseObjectBody(context: SuiteContext, instanceId: string, l10nLocaleId: string): Promise<Record<string, unknown>> {
  // The lifecycle recipe's query: on 8.0 it asks for the history too (includeHistory).
  const query = recipeFor(dseObject.id).query?.({ version: context.target.version, fixtures: {} }) ?? {};
  const body = okBody(await context.api.call({ method: 'GET', path: dseObjectPath, pathParams: { instanceId, l10nLocaleId }, query }), `GET ${dseObjectPath}`);
  return isRecord(body) ? body : {};
}

async function judge(test: TestContext, comparison: Comparison, nothingToCompare: string): Promise<void> {
  if (comparison.compared === 0) return skipWithReason(test, nothingToCompare);
  await observe(test, `${comparison.compared} user id${comparison.compared === 1 ? '' : 's'} named more than once, ${comparison.issues.length} with more than one UUID`);
  expect(comparison.issues).toEqual([]);
}

check(
  {
    id: 'job.dse-object.user-uuids-consistent',
    title: 'within the job object, a user id carries the same UUID wherever it is named (creator, assignees, history)',
    labels: entryLabels(dseObject, '§2, §9.3'),
    // The body is read with includeHistory (spec §4.2, new in 8.0): a target that refuses the parameter gives no body to judge.
    killedBy: ['job-dse-object-history-user-uuid-inconsistent', 'job-include-history-rejected'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    await requireUuidUsers(test, context);
    const instanceId = await requireFixture(test, context, 'jobInstanceId');
    const l10nLocaleId = await requireFixture(test, context, 'locale');
    const body = await dseObjectBody(context, instanceId, l10nLocaleId);
    const source = `GET ${dseObjectPath}`;
    const refs = [...jobUserRefs(body, source), ...historyUserRefs(records(body['histories']), source, '/histories')];
    await judge(test, compareUserRefs(refs), `job ${instanceId} names no user id twice in GET ${dseObjectPath}: nothing to compare`);
  },
);

check(
  {
    id: 'job.user-uuids-across-endpoints',
    title: 'a user id carries the same UUID in the job object and in the job history endpoint',
    labels: entryLabels(histories, '§2, §9.3'),
    // The dse-object is read as the lifecycle recipe reads it, with includeHistory (spec §4.2): refused, no users to compare.
    killedBy: ['job-histories-user-uuid-inconsistent', 'job-include-history-rejected'],
    // A dse-object whose users carry no UUID names none to compare: job.dse-object.user-identifiers fails, this one skips.
    // A history endpoint that is not there (spec §4.2 adds it in 8.0) is job.dse-object-histories.served's finding:
    // this one is not checked (src/check/not-served.ts).
    observedBy: ['job-dse-object-user-uuid-missing', 'job-histories-missing'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    await requireUuidUsers(test, context);
    await skipUnlessServed(test, histories, context.target.version);
    const instanceId = await requireFixture(test, context, 'jobInstanceId');
    const l10nLocaleId = await requireFixture(test, context, 'locale');
    const objectUsers = jobUserRefs(await dseObjectBody(context, instanceId, l10nLocaleId), `GET ${dseObjectPath}`);
    const query = recipeFor(histories.id).query?.({ version: context.target.version, fixtures: {} }) ?? {};
    const page = okBody(await context.api.call({ method: 'GET', path: histories.path, pathParams: { instanceId, l10nLocaleId }, query }), `GET ${histories.path}`);
    const historyUsers = historyUserRefs(records(isRecord(page) ? page['items'] : undefined), `GET ${histories.path}`, '/items');
    // Each side consistent on its own is the other check's concern: here only ids both endpoints name are compared.
    const objectIds = new Set(objectUsers.map((ref) => ref.id));
    const shared = historyUsers.filter((ref) => objectIds.has(ref.id));
    const sharedIds = new Set(shared.map((ref) => ref.id));
    const comparison = compareUserRefs([...objectUsers.filter((ref) => sharedIds.has(ref.id)), ...shared]);
    await judge(test, comparison, `no user of job ${instanceId} is named both in GET ${dseObjectPath} and in the first page of GET ${histories.path}: nothing to compare`);
  },
);
