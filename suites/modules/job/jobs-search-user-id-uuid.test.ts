/**
 * Spec §2 "Job search request", §4.2, §9.3: the job search takes the new
 * `userIdUUID` (a UUID); the numeric `userId` is deprecated but still
 * accepted, and both name the same user, so they select the same jobs. A
 * numeric id where the UUID belongs is refused.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { callersJobs, entryLabels, jobEntry, searchJobs, searchedInstanceIds, skipUnlessChanged, usersNamedIn } from './_job.ts';

const search = jobEntry('job.jobs-search');
/** Users compared: enough to include someone other than the caller, few enough to stay quick. */
const usersToCompare = 4;

check(
  {
    id: 'job.search.user-id-uuid-matches-user-id',
    title: 'a job search by userIdUUID selects the same jobs as one by the deprecated userId of the same user',
    labels: entryLabels(search, '§2'),
    killedBy: ['job-search-user-id-uuid-ignored', 'job-deprecated-user-id-rejected'],
    concurrent: true,
  },
  async (test) => {
    const { api, target } = await suiteContext();
    await skipUnlessChanged(test, search, target.version);
    const users = usersNamedIn(await callersJobs(api)).slice(0, usersToCompare);
    if (users.length === 0) await skipWithReason(test, 'the caller’s jobs name no user with both an id and a uuid to search by');
    const compared: string[] = [];
    for (const user of users) {
      const byUuid = searchedInstanceIds(await searchJobs(api, { userIdUUID: user.uuid, from: 0, limit: 100 }), `search by userIdUUID of ${user.fullName}`);
      const byId = searchedInstanceIds(await searchJobs(api, { userId: user.id, from: 0, limit: 100 }), `search by the deprecated userId of ${user.fullName}`);
      compared.push(`${user.fullName}: ${byUuid.length}`);
      expect(byUuid, `jobs of ${user.fullName} by userIdUUID versus by userId`).toEqual(byId);
    }
    await observe(test, `same jobs by userIdUUID and userId (${compared.join(', ')})`);
  },
);

check(
  {
    id: 'job.search.numeric-user-id-uuid-rejected',
    title: 'a job search with a numeric user id in userIdUUID is refused',
    labels: entryLabels(search, '§9.3'),
    // Ignoring userIdUUID also lets a numeric one through.
    killedBy: ['job-search-user-id-uuid-ignored', 'job-search-user-id-uuid-numeric-accepted'],
    concurrent: true,
  },
  async (test) => {
    const { api, target } = await suiteContext();
    await skipUnlessChanged(test, search, target.version);
    const [user] = usersNamedIn(await callersJobs(api));
    if (!user) return skipWithReason(test, 'the caller’s jobs name no user with a numeric id to misuse');
    const response = await searchJobs(api, { userIdUUID: String(user.id), from: 0, limit: 20 });
    await observe(test, `HTTP ${response.status} to userIdUUID "${user.id}"`);
    expect(response.status, 'status of a search with a numeric userIdUUID').toBeGreaterThanOrEqual(400);
    expect(response.status, 'status of a search with a numeric userIdUUID').toBeLessThan(500);
  },
);
