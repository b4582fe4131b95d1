/**
 * Spec §2 "Dashboard item, my-active list", "Assignment", "User group",
 * §9.3: the assignees of the my-active jobs, and their user groups, are
 * identified the way the version identifies users. 8.0: a UUID `uuid`
 * (beside the deprecated integer `id`); 7.4: the integer `id`.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { targetBreak } from '../../../src/check/failure.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, jobEntry, myActivePath, okBody } from './_job.ts';
import { myActiveAssignmentSubjects } from './_my-active-assignments.ts';
import { identifierIssues, usersNamed } from './_user-identifiers.ts';

const myActive = jobEntry('job.dashboard-my-active');

check(
  {
    id: 'job.my-active.user-identifiers',
    title: 'my-active names its assignees and user groups by the version’s user identifier (8.0: uuid, 7.4: numeric id)',
    labels: entryLabels(myActive, '§2'),
    killedBy: ['job-my-active-uuid-dropped', 'job-assignee-uuid-not-uuid', 'job-legacy-user-id-missing', 'job-my-active-assignment-missing'],
    concurrent: true,
  },
  async (test) => {
    const { api, target, profile } = await suiteContext();
    const body = okBody(await api.call({ method: 'GET', path: myActivePath, query: { offset: 0, limit: 50 } }), `GET ${myActivePath}`);
    const subjects = myActiveAssignmentSubjects(body, profile, myActivePath);
    if (subjects.kind === 'skip') return skipWithReason(test, subjects.reason);
    if (subjects.kind === 'fail') throw targetBreak(subjects.problem);
    await observe(test, `${usersNamed(subjects.found)} users in ${subjects.items} items, identified by ${profile.userIdentifier} id`);
    expect(identifierIssues(subjects.found, target.version), `user identifiers in GET ${myActivePath}`).toEqual([]);
  },
);
