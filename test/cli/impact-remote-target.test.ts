/**
 * `npm run impact` against a target named by BASE_URL (the simulator on
 * loopback, reached as a real target would be: env file, preflight, login,
 * token store): the safe calls are replayed beside the prediction, the
 * others are not without ALLOW_MUTATIONS (and, on a real target, without
 * ALLOW_IRREVERSIBLE as well: what a recorded call changes cannot be
 * undone), and no credential of the env file reaches the console or a report.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const dir = mkdtempSync(join(tmpdir(), 'ug-impact-remote-'));
let platform: Platform;
let envFile: string;

beforeAll(async () => {
  platform = createPlatform({ version: '8.0' });
  await platform.listen(0);
  envFile = join(dir, 'target.env');
  writeFileSync(envFile, `${platform.envLines().join('\n')}\nTOKEN_STORE=${join(dir, 'state', 'tokens.json')}\nREPORTS_DIR=${join(dir, 'reports')}\n`);
});

afterAll(async () => {
  await platform.close();
});

describe('npm run impact with BASE_URL', () => {
  it('replays the safe calls of the call list against the target, read-only', async () => {
    const outcome = await npmRunImpact(['--calls', 'examples/gateway-calls.txt', '--env-file', envFile], {}, COMMAND_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(1);
    const { report, markdown, json, html } = readImpactFiles(join(dir, 'reports'));
    expect(report.mode).toContain(`safe calls replayed against ${platform.envLines().find((line) => line.startsWith('BASE_URL='))?.slice('BASE_URL='.length)} (TARGET_VERSION 8.0)`);
    const observed = Object.fromEntries(report.calls.map((call) => [`${call.method} ${call.endpoint}`, call.observed]));
    expect(observed['GET /wp/rest/user/write/attachments']).toMatchObject({ replayed: true, status: 404, agrees: true });
    expect(observed['GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps']).toMatchObject({ replayed: true, status: 200, agrees: true });
    expect(observed['DELETE /dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete']).toMatchObject({ replayed: false });
    const { clientSecret, users } = platform.credentials;
    for (const secret of [clientSecret, users.full.password, users.limited.password]) {
      expect(`${outcome.stdout}${outcome.stderr}${markdown}${json}${html}`).not.toContain(secret);
    }
  }, HANG_TEST_TIMEOUT_MS);

  it('with ALLOW_MUTATIONS=true alone still replays no call that changes data, and says ALLOW_IRREVERSIBLE is needed as well', async () => {
    const reportsDir = join(dir, 'reports-mutations');
    const outcome = await npmRunImpact(['--calls', 'examples/gateway-calls.txt', '--env-file', envFile], { ALLOW_MUTATIONS: 'true', REPORTS_DIR: reportsDir }, COMMAND_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(1);
    const { report } = readImpactFiles(reportsDir);
    const deleteRows = report.calls.find((call) => call.method === 'DELETE' && call.endpoint.endsWith('/rows/_delete'));
    expect(deleteRows?.observed).toMatchObject({ replayed: false });
    expect(deleteRows?.observed?.replayed === false && deleteRows.observed.reason).toMatch(/cannot undo what a recorded call changes: not replayed on a real target unless ALLOW_IRREVERSIBLE=true as well/);
  }, HANG_TEST_TIMEOUT_MS);
});
