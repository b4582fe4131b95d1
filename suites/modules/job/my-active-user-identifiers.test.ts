/**
 * Spec §2 "Dashboard item, my-active list", "Assignment", "User group",
 * §9.3: the assignees of the my-active jobs, and their user groups, are
 * identified the way the version identifies users. 8.0: a UUID `uuid`
 * (beside the deprecated integer `id`); 7.4: the integer `id`.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, jobEntry, myActivePath, okBody, records } from './_job.ts';
import { identifierIssues, userDtosOf, usersNamed } from './_user-identifiers.ts';

const myActive = jobEntry('job.dashboard-my-active');

check(
  {
    id: 'job.my-active.user-identifiers',
    title: 'my-active names its assignees and user groups by the version’s user identifier (8.0: uuid, 7.4: numeric id)',
    labels: entryLabels(myActive, '§2'),
    killedBy: ['job-my-active-uuid-dropped', 'job-assignee-uuid-not-uuid', 'job-legacy-user-id-missing'],
    concurrent: true,
  },
  async (test) => {
    const { api, target, profile } = await suiteContext();
    const body = okBody(await api.call({ method: 'GET', path: myActivePath, query: { offset: 0, limit: 50 } }), `GET ${myActivePath}`);
    const items = records(isRecord(body) ? body['items'] : undefined);
    const found = items.flatMap((item, index) => userDtosOf(item, `/items/${index}`));
    await observe(test, `${usersNamed(found)} users in ${items.length} items, identified by ${profile.userIdentifier} id`);
    expect(usersNamed(found), 'users named in my-active (the full user is assigned to active jobs)').toBeGreaterThan(0);
    expect(identifierIssues(found, target.version)).toEqual([]);
  },
);
