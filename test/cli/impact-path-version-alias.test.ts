/**
 * `npm run impact --embedded 8.0` on planning calls written with `latest` for `{version}`: the vendor's 8.0 planning
 * document names `latest` as the alias of the current API version, so the embedded platform serves it and the
 * replay agrees with the prediction, showing the request as the integration sends it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-impact-latest-'));

it('a `latest` path version is replayed as the alias it is: served, agreeing with the prediction', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
  const calls = join(dir, 'calls.txt');
  writeFileSync(calls, ['GET /maps/rest/api/latest/view/all', 'GET /maps/rest/api/latest/group', 'GET /maps/rest/api/latest/usergroups/all'].join('\n'));
  const reportsDir = join(dir, 'reports');
  const outcome = await npmRunImpact(['--calls', calls, '--embedded', '8.0'], { REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
  expect(outcome.code, outcome.stderr).toBe(0);
  const { report, markdown } = readImpactFiles(reportsDir);
  expect(report.calls).toHaveLength(3);
  for (const call of report.calls) {
    expect(call.endpoint).toMatch(/^\/maps\/rest\/api\/\{version\}\//);
    expect(call.observed, call.endpoint).toMatchObject({ replayed: true, status: 200, agrees: true });
    if (call.observed?.replayed) expect(call.observed.request).toMatch(/^GET \/maps\/rest\/api\/latest\//);
  }
  expect(markdown).not.toContain('differs');
});
