/**
 * One root cause, one finding: on a real target whose my-active listing gives
 * its assignees non-UUID `uuid`s, the search by user UUID (whose provider
 * state takes its UUID from that listing) is not checked, and says why; it
 * is not a failure of the search, which rightly refuses a value that is no
 * UUID. The listing's own contract holds the finding. The embedded platform
 * standing in, treated as not ours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openProviderTarget, type OpenProviderTarget } from '../../src/contracts/provider-target.ts';
import { platformPactFiles } from '../../src/contracts/sources.ts';
import { verifySource } from '../../src/contracts/verify-source.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { startEmbeddedTarget, type ResolvedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';

const config = loadConfig({ env: {}, envFile: '/dev/null' });
let resolved: ResolvedTarget;
let opened: OpenProviderTarget;

beforeAll(async () => {
  resolved = await startEmbeddedTarget(config, { name: 'assignees without UUIDs', version: '8.0', faults: ['job-assignee-uuid-not-uuid'] });
  const secrets = new SecretRegistry();
  opened = await openProviderTarget(await openSessions(resolved.target, secrets), secrets);
});

afterAll(async () => {
  await opened?.close();
  await resolved?.close();
});

describe('a provider state whose discovered value another endpoint gave wrongly', () => {
  it('skips the interaction that needs it, naming the value and where it came from, and fails only the listing\'s contract', async () => {
    const jobPact = platformPactFiles('8.0').filter((file) => file.includes('-job-'));
    const verification = await verifySource({ ...opened.target, embedded: false }, { kind: 'files', label: 'the 8.0 job contracts', files: jobPact, checkIds: 'testname' });
    const outcomes = new Map(verification.outcomes.map((outcome) => [outcome.checkId, outcome]));
    const search = outcomes.get('contract.job.jobs-search-by-user-uuid');
    expect(search?.state).toBe('skipped');
    expect(search?.reason).toMatch(/^provider state "a user with a UUID and active jobs exists": no FIXTURE_USER_UUID set and discovery found none usable on the target \(the first assignee of GET \/dse\/rest\/v1\.0\/dashboards\/my-active has uuid "\d+", not a UUID \(spec §2\)\); set FIXTURE_USER_UUID$/);
    expect(outcomes.get('contract.job.my-active-assignees-by-uuid')?.state).toBe('failed');
  });
});
