/**
 * Spec §4.2 (dse-object: "users in the response are identified by UUID"),
 * §2, §9.3: the job object's creator, assignees and user group name users
 * the way the version identifies them (8.0: a UUID `uuid` beside the
 * deprecated integer `id`; 7.4: the integer `id`), and on 8.0 each history
 * item its user by `userIdUUID`.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { recipeFor } from '../_requests.ts';
import { dseObjectPath, entryLabels, isRecord, jobEntry, okBody, records, requireFixture } from './_job.ts';
import { identifierIssues, userDtosOf, usersNamed } from './_user-identifiers.ts';

const dseObject = jobEntry('job.dse-object');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

check(
  {
    id: 'job.dse-object.user-identifiers',
    title: 'the job object names its creator, assignees, user group and history users by the version’s user identifier',
    labels: entryLabels(dseObject),
    killedBy: ['job-dse-object-user-uuid-missing', 'job-legacy-user-id-missing', 'job-include-history-rejected'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    const { api, target, profile } = context;
    const instanceId = await requireFixture(test, context, 'jobInstanceId');
    const l10nLocaleId = await requireFixture(test, context, 'locale');
    // The lifecycle recipe's query: on 8.0 it asks for the history too (includeHistory), whose items name users as well.
    const query = recipeFor(dseObject.id).query?.({ version: target.version, fixtures: {} }) ?? {};
    const body = okBody(await api.call({ method: 'GET', path: dseObjectPath, pathParams: { instanceId, l10nLocaleId }, query }), `GET ${dseObjectPath}`);
    const record = isRecord(body) ? body : {};
    const found = userDtosOf(record, '');
    const histories = records(record['histories']);
    await observe(test, `${usersNamed(found)} users and ${histories.length} history items, identified by ${profile.userIdentifier} id`);
    expect(usersNamed(found), 'users named in the job object').toBeGreaterThan(0);
    const issues = identifierIssues(found, target.version);
    if (profile.userIdentifier === 'uuid') {
      histories.forEach((item, index) => {
        if (typeof item['userIdUUID'] !== 'string' || !uuidPattern.test(item['userIdUUID'])) issues.push(`history /histories/${index}/userIdUUID: expected a UUID, got ${JSON.stringify(item['userIdUUID'])}`);
      });
    }
    expect(issues).toEqual([]);
  },
);
