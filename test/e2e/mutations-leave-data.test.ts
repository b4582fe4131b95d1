/**
 * Runs with ALLOW_MUTATIONS=true against one instance leave its data as
 * they found it. `npm run sim` serves one 8.0 instance in its own process,
 * its printed .env lines are the configuration, and `verify` runs the
 * suites that send data (every module check and the contract verification)
 * against it twice, as nightly jobs against a shared staging would: the second
 * run starts from what the first left. Before the first run and after each, the test
 * reads the instance's groups (with their uids), every user's memberships,
 * the views, the webhooks and the AI tagging state over HTTP, as any client
 * of the spec would, with a token of its own. A run that leaves the data as it
 * found it leaves the next run the same instance, so a later run repeats one of these.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { simEnvLines } from '../support/sim-env-lines.ts';
import { ManualClock, obtainTokens, send, type Sim } from '../simulator/_sim.ts';
import type { Platform } from '../../simulator/platform.ts';

const runs = 2;
const dir = mkdtempSync(join(tmpdir(), 'ug-mutations-'));
let sim: ChildProcess;
let before: InstanceData;
const afterRuns: InstanceData[] = [];
const outcomes: VerifyOutcome[] = [];

interface InstanceData {
  readonly groups: unknown;
  readonly memberships: unknown;
  readonly views: unknown;
  readonly webhooks: unknown;
  readonly aiTaggingState: unknown;
}

async function startSim(): Promise<Record<string, string>> {
  sim = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', '--version', '8.0', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  return simEnvLines(sim.stdout!);
}

/** The instance as the test's own HTTP client sees it: enough of a `Sim` for the spec-written helpers of the simulator tests. */
function instance(env: Record<string, string>): Sim {
  const credentials = {
    clientId: env.CLIENT_ID ?? '',
    clientSecret: env.CLIENT_SECRET ?? '',
    redirectUri: env.REDIRECT_URI ?? '',
    users: {
      full: { username: env.LOGIN_USERNAME ?? '', password: env.LOGIN_PASSWORD ?? '' },
      limited: { username: env.LIMITED_USERNAME ?? '', password: env.LIMITED_PASSWORD ?? '' },
    },
  };
  const platform = { credentials } as unknown as Platform;
  return { platform, address: { baseUrl: env.BASE_URL ?? '', authUrl: env.AUTH_URL ?? '' }, clock: new ManualClock(), version: '8.0' };
}

/**
 * Groups (GET /group, 8.0: with uid), every user's memberships (GET /usergroups/all), the views (GET /view/all), the
 * webhooks (GET /rest/mp/v1.1/webhooks) and the AI tagging state (GET /rest/mp/v1.1/ai-tagging), in a stable order.
 */
async function readData(target: Sim): Promise<InstanceData> {
  const { accessToken } = await obtainTokens(target);
  const read = async (path: string): Promise<unknown> => {
    const url = path.startsWith('/rest/') ? `${target.address.baseUrl}${path}` : `${target.address.baseUrl}/maps/rest/api/v1.0${path}`;
    const reply = await send('GET', url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(reply.status, `GET ${path}`).toBe(200);
    return JSON.parse(reply.text) as unknown;
  };
  const groups = await read('/group');
  expect(Array.isArray(groups) && groups.length > 0, 'the instance has groups to begin with').toBe(true);
  const sorted = (list: unknown): unknown => (Array.isArray(list) ? [...list].map((item) => JSON.stringify(item)).sort() : list);
  const memberships = await read('/usergroups/all');
  const sortedMemberships = Object.fromEntries(Object.entries(memberships as Record<string, unknown>).map(([user, pairs]) => [user, sorted(pairs)]));
  const aiTagging = (await read('/rest/mp/v1.1/ai-tagging')) as Record<string, unknown>;
  return {
    groups: sorted(groups),
    memberships: sortedMemberships,
    views: sorted(await read('/view/all')),
    webhooks: sorted((await read('/rest/mp/v1.1/webhooks')) as unknown),
    aiTaggingState: aiTagging.currentState,
  };
}

beforeAll(async () => {
  const env = await startSim();
  const file = join(dir, 'sim.env');
  writeFileSync(file, `${Object.entries(env).map(([key, value]) => `${key}=${value}`).join('\n')}\n`);
  const target = instance(env);
  before = await readData(target);
  for (let run = 1; run <= runs; run += 1) {
    // REQUEST_TIMEOUT_MS only catches a hang of the simulator process, which a busy runner must not trip.
    const variables = { REPORTS_DIR: join(dir, `reports-${run}`), TOKEN_STORE: join(dir, 'state', 'tokens.json'), ALLOW_MUTATIONS: 'true', REQUEST_TIMEOUT_MS: '60000' };
    outcomes.push(await npmRunVerify(['--env-file', file, '--suites', 'modules,contracts'], variables, HANG_TIMEOUT_MS));
    afterRuns.push(await readData(target));
  }
}, HANG_TEST_TIMEOUT_MS);

afterAll(() => {
  sim?.kill('SIGTERM');
});

describe(`${runs} runs with ALLOW_MUTATIONS=true against one instance`, () => {
  it('each passes every check, the contract group list with uid included, and lists its data changes, none left undone', () => {
    expect(outcomes).toHaveLength(runs);
    for (const [index, outcome] of outcomes.entries()) {
      expect(outcome.code, `run ${index + 1}: ${outcome.stdout.slice(-3000)}${outcome.stderr}`).toBe(0);
      expect(outcome.stdout, `run ${index + 1}`).toMatch(/target 8\.0\s+\d+ passed, 0 failed/);
      expect(outcome.stdout, `run ${index + 1}`).toMatch(/data changes: \d+ \(/);
      expect(outcome.stdout, `run ${index + 1}`).not.toContain('not undone');
      expect(outcome.stdout, `run ${index + 1}`).not.toMatch(/✗ .*contract\.planning\.group-list-with-uid/);
    }
    // The cross-version comparison's changes are the run's too: listed with the suites' and in its own report.
    const report = JSON.parse(readFileSync(join(dir, 'reports-1', 'migration-report.json'), 'utf8')) as { sections: { title: string; data?: unknown }[] };
    const rows = report.sections.find((section) => section.title === 'Data changes')?.data as { target: string; check: string; undone: string }[] | undefined;
    expect(rows?.filter((row) => row.target === 'contracts 7.4 on 8.0').map((row) => [row.check, row.undone])).toEqual([['contract.media.webhook-create-by-vdb-id', 'removed']]);
    expect(readFileSync(join(dir, 'reports-1', 'contract-breaks.md'), 'utf8')).toContain('- contract.media.webhook-create-by-vdb-id: `POST /rest/mp/v1.1/webhooks`');
  });

  it("each leaves the instance's groups, uids, memberships, views, webhooks and AI tagging state as it found them", () => {
    expect(afterRuns).toHaveLength(runs);
    for (const [index, after] of afterRuns.entries()) {
      expect(after.groups, `after run ${index + 1}`).toEqual(before.groups);
      expect(after.memberships, `after run ${index + 1}`).toEqual(before.memberships);
      expect(after.views, `after run ${index + 1}`).toEqual(before.views);
      expect(after.webhooks, `after run ${index + 1}`).toEqual(before.webhooks);
      expect(after.aiTaggingState, `after run ${index + 1}`).toEqual(before.aiTaggingState);
    }
  });
});
