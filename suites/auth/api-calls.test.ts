/**
 * Calls to the module APIs (spec §5.6): `Authorization: Bearer <token>`, the
 * keyword accepted in any case; without a token, or with one the CAS never
 * issued, the call is refused.
 * The checks only read the shared session's access token (one promise per process), so they run concurrently.
 */
import { check } from '../../src/check/check.ts';
import { suiteContext } from '../../src/run-targets/context.ts';
import { callProbe, labels, protectedProbePath } from './_auth.ts';

const story = `GET ${protectedProbePath}`;

check(
  {
    id: 'auth.bearer-keyword-case',
    title: 'a bearer token is accepted whatever the case of the keyword (Bearer, bearer, BEARER)',
    labels: labels('API calls', story, '§5.6'),
    concurrent: true,
    killedBy: ['bearer-case-sensitive'],
  },
  async (test) => {
    const context = await suiteContext();
    const token = await context.tokens.accessToken();
    const statuses: Record<string, number> = {};
    for (const keyword of ['Bearer', 'bearer', 'BEARER']) {
      statuses[keyword] = (await callProbe(context, `${keyword} ${token}`)).status;
    }
    test.expect(statuses).toEqual({ Bearer: 200, bearer: 200, BEARER: 200 });
  },
);

check(
  {
    id: 'auth.no-token-refused',
    title: 'a call without an Authorization header is refused',
    labels: labels('API calls', story, '§5.6'),
    concurrent: true,
    killedBy: ['no-token-accepted'],
  },
  async (test) => {
    const context = await suiteContext();
    test.expect([401, 403]).toContain((await callProbe(context, undefined)).status);
  },
);

check(
  {
    id: 'auth.garbage-token-refused',
    title: 'a call with a token the CAS never issued is refused',
    labels: labels('API calls', story, '§5.6'),
    concurrent: true,
    killedBy: ['garbage-token-accepted'],
  },
  async (test) => {
    const context = await suiteContext();
    test.expect([401, 403]).toContain((await callProbe(context, 'Bearer not-a-token-the-cas-issued')).status);
  },
);
