/**
 * On a real run (_run-vendor-labelled.ts: the media and job lifecycle suites
 * against an embedded 8.0 that creates webhooks only at v1.2 and refuses the
 * job search's PENDING, with OPENAPI_DIR at small documents written from the
 * vendor's 8.0 facts), the failed served checks are labelled with what the
 * vendor's 8.0 document says: the failure's last line, the results, the
 * migration report's column and its summary line, the console summary, and
 * an Allure category of their own.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAllureReport } from '../../src/report/allure-html.ts';
import { buildMigrationReport, renderMigrationMarkdown } from '../../src/report/migration-report.ts';
import { renderMigrationHtml } from '../../src/report/migration-html.ts';
import { formatSummary } from '../../src/report/summary.ts';
import type { CheckResult, RunResults } from '../../src/runner/results.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { allureReportFiles } from '../report/_allure-report-data.ts';
import { vendorShapedFolder } from './_vendor-shaped-documents.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const run = promisify(execFile);
const repo = new URL('../../', import.meta.url).pathname;

let work: string;
let results: RunResults;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ug-vendor-labelled-'));
  const docs = await vendorShapedFolder();
  await run(process.execPath, [...loadTypeScript, 'test/conformance/_run-vendor-labelled.ts', work, docs], {
    cwd: repo,
    env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
    // Only catches a hang: the run ends by itself.
    timeout: HANG_TIMEOUT_MS,
  });
  results = JSON.parse(await readFile(join(work, 'results.json'), 'utf8')) as RunResults;
}, HANG_TEST_TIMEOUT_MS);

function checkOf(id: string): CheckResult {
  const found = results.checks.find((check) => check.id === id);
  if (!found) throw new Error(`${id} did not run`);
  return found;
}

describe("a run with the vendor's documents", () => {
  it('labels the webhook creation the document has only at v1.2: the replacement is named', () => {
    const webhooks = checkOf('media.webhook-create.served');
    expect(webhooks.state).toBe('failed');
    expect(webhooks.vendorAgreement).toMatchObject({ kind: 'at another path', subject: 'POST /rest/mp/v1.2/webhooks', document: 'mediapool-api-8.0.1.0.json' });
    expect(webhooks.error?.split('\n').at(-1)).toBe(
      "the vendor's 8.0 document agrees with the target: it has no POST /rest/mp/v1.1/webhooks, but has POST /rest/mp/v1.2/webhooks (mediapool-api-8.0.1.0.json)",
    );
  });

  it("labels the job search's refused PENDING with the schema whose enum lacks it", () => {
    const search = checkOf('job.jobs-search.served');
    expect(search.state).toBe('failed');
    expect(search.vendorAgreement).toMatchObject({ kind: 'value not in enum', subject: 'schema DseObjectState' });
    expect(search.error).toContain("which has no \"PENDING\" (jobmanager-api-8.0.1.0.json)");
  });

  it('labels nothing else: checks that passed, and the conformance checks, carry no label', () => {
    const labelled = results.checks.filter((check) => check.vendorAgreement !== undefined).map((check) => check.id).sort();
    expect(labelled).toEqual(['job.jobs-search.served', 'media.webhook-create.served']);
  });

  it('fills the migration report\'s "Vendor\'s document" column and says how many rows it explains', () => {
    const report = buildMigrationReport(results);
    expect(report.vendorDocuments).toBe(true);
    expect(report.rows.find((row) => row.id === 'media.webhook-create')?.vendorAgreements).toEqual(['8.0: at another path: POST /rest/mp/v1.2/webhooks (mediapool-api-8.0.1.0.json)']);
    const markdown = renderMigrationMarkdown(report);
    expect(markdown).toContain("| Use instead | Vendor's document |");
    expect(markdown).toContain("2 of the 2 deviating changes are departures the vendor's own document of the target's version agrees with");
    expect(markdown).toContain('| 8.0: value not in enum: schema DseObjectState (jobmanager-api-8.0.1.0.json) |');
    expect(renderMigrationHtml(report)).toContain('<td>8.0: at another path: POST /rest/mp/v1.2/webhooks (mediapool-api-8.0.1.0.json)</td></tr>');
  });

  it('says in the console summary how many failures are departures the vendor agrees with', () => {
    expect(formatSummary(results, 'departing 8.0')).toContain("2 of the failed checks are departures the vendor's own document of the target's version agrees with");
  });

  it(
    'files the labelled failures under an Allure category of their own, before the deviations from the spec',
    async () => {
      const report = join(work, 'allure-report');
      await renderAllureReport(join(work, 'allure-results'), report, 'vendor labelled');
      const categories = JSON.parse((await allureReportFiles(report)).get('widgets/categories.json') ?? '{}') as { nodes?: Record<string, { type: string; name: string; statistic?: Record<string, number> }> };
      const nodes = Object.values(categories.nodes ?? {}).filter((node) => node.type === 'category');
      const departure = nodes.find((node) => node.name === "Platform departure from the spec: the vendor's own document agrees with the target (plan for it)");
      // Exactly the two labelled failures; the conformance checks' failures stay product defects.
      expect(departure?.statistic).toEqual({ total: 2, failed: 2 });
      expect(nodes.find((node) => node.name.startsWith('Product defect'))?.statistic?.failed).toBeGreaterThan(0);
    },
    HANG_TEST_TIMEOUT_MS,
  );
});
