/**
 * `npm run impact` never overwrites an earlier impact report unseen: a second run into the same folder keeps the
 * first one's report as impact.previous.{md,json,html} and says so; `--out DIR` writes elsewhere and leaves
 * REPORTS_DIR's report (the one verify embeds as "Your integration") as it was.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ImpactReport } from '../../src/impact/types.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-impact-kept-'));

function callList(name: string, lines: readonly string[]): string {
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const endpoints = (report: ImpactReport): string[] => report.calls.map((call) => `${call.method} ${call.endpoint}`);

it('a second run keeps the first report as impact.previous.*, and --out DIR writes elsewhere', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
  const reportsDir = join(dir, 'reports');
  const portal = callList('portal', ['GET /rest/mp/v1.2/themes']);
  const planner = callList('planner', ['GET /wp/rest/templates/7/boxes']);

  const first = await npmRunImpact(['--calls', portal], { REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).not.toContain('impact.previous');
  expect(existsSync(join(reportsDir, 'impact.previous.md'))).toBe(false);

  const second = await npmRunImpact(['--calls', planner], { REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain(`the one there before is kept as ${join(reportsDir, 'impact.previous.md')}`);
  expect(endpoints(readImpactFiles(reportsDir).report)).toEqual(['GET /wp/rest/templates/{id}/boxes']);
  const previous: ImpactReport = JSON.parse(readFileSync(join(reportsDir, 'impact.previous.json'), 'utf8'));
  expect(endpoints(previous)).toEqual(['GET /rest/mp/v1.2/themes']);
  for (const name of ['impact.previous.md', 'impact.previous.html']) expect(readFileSync(join(reportsDir, name), 'utf8')).toContain('themes');

  const elsewhere = join(dir, 'portal-impact');
  const third = await npmRunImpact(['--calls', portal, '--out', elsewhere], { REPORTS_DIR: reportsDir }, HANG_TIMEOUT_MS);
  expect(third.code, third.stderr).toBe(0);
  expect(third.stdout).toContain(join(elsewhere, 'impact.md'));
  expect(endpoints(readImpactFiles(elsewhere).report)).toEqual(['GET /rest/mp/v1.2/themes']);
  expect(endpoints(readImpactFiles(reportsDir).report)).toEqual(['GET /wp/rest/templates/{id}/boxes']);
});
