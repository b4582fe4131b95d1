/**
 * The migration report's auth section (src/report/auth-section.ts): the auth
 * checks by flow step, what the spec says and what the target did; a
 * departure shows its message, a skip its reason, an endpoint elsewhere the
 * observation of a passed check.
 */
import { expect, it } from 'vitest';
import { authRows, authSection } from '../../src/report/auth-section.ts';
import { buildMigrationReport, renderMigrationMarkdown } from '../../src/report/migration-report.ts';
import type { CheckResult } from '../../src/runner/results.ts';

const check = (id: string, title: string, state: CheckResult['state'], extra: Partial<CheckResult> = {}): CheckResult => ({
  project: 'target 8.0',
  version: '8.0',
  file: 'suites/auth/x.test.ts',
  id,
  name: `${title} [${id}]`,
  state,
  ...extra,
});

const checks = [
  check('auth.expired-token-403', 'an expired access token is answered with 403', 'failed', { error: 'the target answers an expired access token with 401, not what spec §5.7 says' }),
  check('auth.login-challenge', "the version's authorization endpoint answers with a login challenge, not a code", 'passed', { observed: 'authorization endpoint at https://id.example/auth, not the spec\'s https://id.example/oauth2/auth' }),
  check('auth.scope-error', 'a wrong scope reaches the redirect as an OAuth error', 'skipped', { note: 'the 8.0 authorization request takes no scope parameter' }),
  check('job.dashboard.served', 'not an auth check', 'passed'),
];

it('puts each auth check under its flow step, in the order of the flow, with what the target did', () => {
  expect(authRows(checks).map((row) => [row.step, row.id, row.did])).toEqual([
    ['authorization request', 'auth.login-challenge', "authorization endpoint at https://id.example/auth, not the spec's https://id.example/oauth2/auth"],
    ['authorization refusals', 'auth.scope-error', 'not checked: the 8.0 authorization request takes no scope parameter'],
    ['expiry', 'auth.expired-token-403', 'the target answers an expired access token with 401, not what spec §5.7 says'],
  ]);
});

it('is a section of the migration report, and none without auth checks', () => {
  const section = authSection({ checks, errors: [] });
  if (!section) throw new Error('no auth section');
  const markdown = renderMigrationMarkdown(buildMigrationReport({ checks, errors: [] }, { sections: [section] }));
  expect(markdown).toContain('## Authentication');
  expect(markdown).toContain('| expiry | §5.7, §7 | target 8.0 | an expired access token is answered with 403 | the target answers an expired access token with 401, not what spec §5.7 says | departs |');
  expect(authSection({ checks: checks.slice(3), errors: [] })).toBeUndefined();
});
