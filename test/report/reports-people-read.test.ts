/**
 * The reports people read, on a real run: the planning and shop suites
 * against embedded 7.4 and 8.0, an 8.0 that sends Deprecation / Sunset
 * headers, one that sends them malformed, and one with a fault that fails
 * checks (test/report/_run-report-suites.ts). Then:
 * - the Allure results carry whole messages, Failed for the target's breaks;
 * - the migration report says per version whether a deprecated endpoint sent
 *   the headers, and malformed values as such;
 * - Allure renders with allurerc.mjs twice into one history folder, and the
 *   second report carries the first run's history; its tree is grouped by
 *   module → change kind → endpoint, an endpoint's results per target side by
 *   side; the report opens from disk and calls no one (a screenshot in
 *   headless Chromium);
 * - the HTML migration report, opened in headless Chromium with JavaScript
 *   off and the network refused, filters by module and verdict.
 * Screenshots go to reports/screenshots/ (generated only, gitignored).
 * Without Chromium the tests that open a page are skipped
 * (test/support/browser-tests.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { historyFile, renderAllureReport } from '../../src/report/allure-html.ts';
import { buildMigrationReport, writeMigrationReport } from '../../src/report/migration-report.ts';
import type { RunResults } from '../../src/runner/results.ts';
import { PAGE_HANG_MS, launchReportBrowser, reportContext, screenshots } from '../support/report-browser.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { allureReportFiles } from './_allure-report-data.ts';
import { reportTargets } from './_report-targets.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const run = promisify(execFile);
const repo = new URL('../../', import.meta.url).pathname;
/** How long a page may take to show what a poll waits for: a bound on a hang on a busy machine, not a measure. */
const pageWait = { timeout: PAGE_HANG_MS };
const browserTests = inject('browserTests');
const needsBrowser = browserTests ? '' : ' (skipped: no Chromium)';

let work: string;
let results: RunResults;
let browser: Browser | undefined;

/** The browser of the file, for the tests that run only with one. */
function openBrowser(): Browser {
  if (!browser) throw new Error('the browser tests run with a browser (beforeAll)');
  return browser;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'upgrade-guard-reports-'));
  await run(process.execPath, [...loadTypeScript, 'test/report/_run-report-suites.ts', work], { cwd: repo, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } });
  results = JSON.parse(await readFile(join(work, 'results.json'), 'utf8')) as RunResults;
  if (!browserTests) return;
  browser = await launchReportBrowser();
}, HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

function ofTargets(...targets: string[]): RunResults {
  return { checks: results.checks.filter((check) => targets.includes(check.project)), errors: [] };
}

interface AllureResult {
  readonly status: string;
  readonly statusDetails?: { readonly message?: string };
  readonly labels: readonly { readonly name: string; readonly value: string }[];
  readonly parameters: readonly { readonly name: string; readonly value: string }[];
  readonly links: readonly { readonly url: string; readonly type?: string }[];
}

async function allureResult(checkId: string, target: string): Promise<AllureResult> {
  const dir = join(work, 'allure-results');
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('-result.json'))) {
    const parsed = JSON.parse(await readFile(join(dir, file), 'utf8')) as AllureResult;
    const label = (name: string) => parsed.labels.find((candidate) => candidate.name === name)?.value;
    if (label('check') === checkId && parsed.parameters.some((parameter) => parameter.name === 'target' && parameter.value === target)) return parsed;
  }
  throw new Error(`no Allure result of ${checkId} on ${target}`);
}

describe('failure messages in a real run', () => {
  it('a failed check reads as its problems in the results, the summary and Allure, and Allure files it Failed', async () => {
    const failed = results.checks.find((check) => check.project === reportTargets.fault && check.id === 'planning.fee-amounts-numeric' && check.state === 'failed');
    expect(failed?.error?.split('\n')[0]).toMatch(/^fees with a wrong type or amount: \/fees\/0\/amount is "[\d.]+", not a number \(\+\d+ more\) \(spec §[\d.]+\)$/);
    const inAllure = await allureResult('planning.fee-amounts-numeric', reportTargets.fault);
    expect(inAllure.status).toBe('failed');
    expect(inAllure.statusDetails?.message).toBe(failed?.error);
    expect(inAllure.statusDetails?.message).not.toMatch(/…|deeply equal/);
  });

  it('a wrong status names the request it answered, and no failure of the run is a bare "expected …"', async () => {
    const failed = results.checks.find((check) => check.project === reportTargets.fault && check.id === 'planning.dimension-node-allchildren.served');
    expect(failed?.state).toBe('failed');
    // The request as sent, the target's status and its own error text, the spec's promise and what to do (docs/findings.md).
    expect(failed?.error).toMatch(/^GET \/maps\/rest\/api\/v[\d.]+\/dimension\/node-allchildren\/\w+ answered 404: '.+' \(expected a 2xx\); spec §4\.3 lists GET \/maps\/rest\/api\/\{version\}\/dimension\/node-allchildren\/\{nodeId\} as served on 8\.0 \(new\); what to do: /);
    expect(failed?.error).not.toMatch(/to be less than/);
    const inAllure = await allureResult('planning.dimension-node-allchildren.served', reportTargets.fault);
    expect(inAllure.status).toBe('failed');
    expect(inAllure.statusDetails?.message).toBe(failed?.error);
    const failures = results.checks.filter((check) => check.state === 'failed');
    expect(failures.length).toBeGreaterThan(2);
    expect(failures.filter((check) => /^expected /.test(check.error ?? '')).map((check) => `${check.id}: ${check.error}`)).toEqual([]);
  });
});

describe('Deprecation and Sunset headers', () => {
  const row = (target: string, id: string) => buildMigrationReport(ofTargets(target)).rows.find((candidate) => candidate.id === id)?.versions['8.0'];

  it('a deprecated endpoint that sends none says so, per version', () => {
    expect(row(reportTargets.clean80, 'planning.usergroups-all')?.deprecationHeaders).toBe('none sent');
    expect(buildMigrationReport(ofTargets(reportTargets.clean74)).rows.find((candidate) => candidate.id === 'planning.usergroups-all')?.versions['7.4']?.deprecationHeaders).toBe('none sent');
  });

  it('one that sends them shows what they say; another deprecated endpoint of the same target still sends none', () => {
    expect(row(reportTargets.headersSent, 'planning.usergroups-all')?.deprecationHeaders).toMatch(/^Deprecation: @\d+ \(.+\); Sunset: \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT \(.+\); Link rel="deprecation" <.+>$/);
    expect(row(reportTargets.headersSent, 'planning.usergroups-user')?.deprecationHeaders).toBe('none sent');
  });

  it('malformed values are reported as such, with the value, and never fail a check', async () => {
    const headers = row(reportTargets.headersMalformed, 'planning.usergroups-all');
    expect(headers?.deprecationHeaders).toMatch(/MALFORMED Deprecation: "\d+"/);
    expect(headers?.deprecationHeaders).toContain('MALFORMED Sunset:');
    expect(headers?.verdict).toBe('as documented');
    expect(results.checks.filter((check) => check.project === reportTargets.headersMalformed && check.state === 'failed')).toEqual([]);
    const inAllure = await allureResult('planning.usergroups-all.served', reportTargets.headersMalformed);
    expect(inAllure.status).toBe('passed');
    expect(inAllure.labels).toContainEqual({ name: 'deprecationHeaders', value: 'malformed' });
    expect(inAllure.parameters.find((parameter) => parameter.name === 'Deprecation/Sunset headers')?.value).toContain('MALFORMED');
    const silent = await allureResult('planning.usergroups-all.served', reportTargets.clean80);
    expect(silent.parameters.find((parameter) => parameter.name === 'Deprecation/Sunset headers')?.value).toBe('none sent');
  });
});

describe('the Allure report', () => {
  it('links each spec section at SPEC_URL', async () => {
    const result = await allureResult('planning.usergroups-all.served', reportTargets.clean80);
    expect(result.links).toContainEqual(expect.objectContaining({ type: 'spec', url: 'https://spec.example.com/platform-api-7.4-to-8.0#4.3' }));
  });

  it(
    'keeps the history between two renders in one folder, and files failures by category',
    async () => {
      const { history, first, second } = await renderedTwice();
      expect((await readFile(historyFile(history), 'utf8')).trim().split('\n')).toHaveLength(2);
      const firstFee = await testResultData(first, 'planning.fee-amounts-numeric');
      const secondFee = await testResultData(second, 'planning.fee-amounts-numeric');
      expect(firstFee.history).toHaveLength(0);
      expect(secondFee.history.length).toBeGreaterThan(0);

      const categories = (await allureReportFiles(second)).get('widgets/categories.json') ?? '';
      expect(categories).toContain('Deviation from the spec');
      expect(categories).toContain('Observation (neither pass nor fail)');
      expect(categories).not.toContain('Our own error');
    },
    HANG_TEST_TIMEOUT_MS,
  );

  it.runIf(browserTests)(
    `opens from disk on the trend and calls no one, its tree grouped by module → change kind → endpoint${needsBrowser}`,
    async () => {
      const { second } = await renderedTwice();
      // One file that opens from disk (a downloaded CI artifact) and calls no one: no web server, no analytics.
      const html = await readFile(join(second, 'index.html'), 'utf8');
      expect(html).not.toContain('googletagmanager');
      const context = await reportContext(openBrowser(), { viewport: { width: 1400, height: 1100 } });
      const requested: string[] = [];
      await context.route(/^(?!(file|data|blob):)/, async (route) => {
        requested.push(route.request().url());
        await route.abort();
      });
      const page = await context.newPage();
      // The first page is the graphs, the trend (Allure's "Status dynamics", this run beside the history's) among the
      // first (allurerc.mjs `defaultSection`); the tree is the report's other section, at #/.
      await page.goto(pathToFileURL(join(second, 'index.html')).href);
      await expect.poll(() => page.getByText('Status dynamics', { exact: true }).isVisible(), pageWait).toBe(true);
      await page.screenshot({ path: join(screenshots, 'allure-first-page.png') });
      await page.goto(`${pathToFileURL(join(second, 'index.html')).href}#/`);
      // The tree's first level is the module; its subtree toggle (shown on hover) opens change kinds and endpoints.
      const planning = page.getByTestId('tree-section').filter({ has: page.getByTestId('tree-section-title').getByText('planning', { exact: true }) }).first();
      await planning.hover();
      await planning.getByTestId('tree-subtree-toggle').click({ force: true });
      await expect.poll(() => page.getByTestId('tree-section-title').getByText('deprecated', { exact: true }).count(), pageWait).toBeGreaterThan(0);
      const endpoint = page.getByTestId('tree-section-title').getByText('GET /maps/rest/api/{version}/usergroups/all', { exact: true });
      await expect.poll(() => endpoint.count(), pageWait).toBe(1);
      // One leaf per target under the endpoint, named after it, next to each other: 8.0's "deprecated" beside 7.4's "unchanged".
      const leaf = /^GET \/maps\/rest\/api\/\{version\}\/usergroups\/all is served \((deprecated|unchanged)\) \[planning\.usergroups-all\.served\] · (.+)$/;
      await expect.poll(() => page.getByText(leaf).count(), pageWait).toBe(Object.keys(reportTargets).length);
      const titles = await page.getByTestId('tree-leaf-title').allInnerTexts();
      const positions = titles.flatMap((title, index) => (leaf.test(title.trim()) ? [index] : []));
      expect(positions.map((position) => position - (positions[0] ?? 0))).toEqual([...Object.keys(reportTargets).keys()]);
      expect(positions.map((position) => leaf.exec(titles[position]?.trim() ?? '')?.[2]).sort()).toEqual(Object.values(reportTargets).sort());
      await endpoint.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, 'allure-tree.png') });
      expect(requested).toEqual([]);
      await context.close();
    },
    HANG_TEST_TIMEOUT_MS,
  );
});

describe('the HTML migration report', () => {
  it.runIf(browserTests)(
    `reads without JavaScript or network and filters by module and verdict${needsBrowser}`,
    async () => {
      const reportsDir = join(work, 'reports');
      const written = await writeMigrationReport(reportsDir, buildMigrationReport(ofTargets(reportTargets.clean74, reportTargets.headersSent)));
      const html = await readFile(written.html, 'utf8');
      expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!spec\.)/);

      const context = await reportContext(openBrowser(), { javaScriptEnabled: false, viewport: { width: 1500, height: 1000 } });
      const requested: string[] = [];
      await context.route(/^(?!file:)/, async (route) => {
        requested.push(route.request().url());
        await route.abort();
      });
      const page = await context.newPage();
      await page.goto(pathToFileURL(written.html).href);
      const planning = page.locator('tr.change[data-module="planning"]');
      const shop = page.locator('tr.change[data-module="shop"]');
      await expect.poll(() => planning.first().isVisible(), pageWait).toBe(true);
      expect(await shop.first().isVisible()).toBe(true);
      await page.screenshot({ path: join(screenshots, 'migration-report.png'), fullPage: true });

      await page.locator('label[for="module-shop"]').click();
      expect(await planning.first().isVisible()).toBe(false);
      expect(await shop.first().isVisible()).toBe(true);
      const shopRow = page.locator('tr#shop\\.advanced-search');
      expect(await shopRow.innerText()).toContain('as documented');
      await page.screenshot({ path: join(screenshots, 'migration-report-shop.png'), fullPage: true });

      await page.locator('label[for="module-planning"]').click();
      await page.locator('label[for="verdict-not-checked"]').click();
      const visible = await page.locator('tr.change:visible').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-module')}/${row.getAttribute('data-verdict')}`));
      expect(visible.every((row) => row === 'planning/not-checked')).toBe(true);
      await page.locator('label[for="verdict-all"]').click();
      const usergroups = page.locator('tr#planning\\.usergroups-all');
      expect(await usergroups.isVisible()).toBe(true);
      expect(await usergroups.innerText()).toMatch(/Deprecation\/Sunset headers: Deprecation: @\d+/);
      expect(requested).toEqual([]);
      await context.close();
    },
    HANG_TEST_TIMEOUT_MS,
  );
});

let renders: Promise<{ history: string; first: string; second: string }> | undefined;

/** Allure rendered twice from the run's results into one history folder: once for the file, whichever test asks first. */
function renderedTwice(): Promise<{ history: string; first: string; second: string }> {
  renders ??= (async () => {
    const history = join(work, 'history');
    const first = join(work, 'allure-first');
    const second = join(work, 'allure-second');
    await renderAllureReport(join(work, 'allure-results'), first, 'upgrade-guard', history);
    await renderAllureReport(join(work, 'allure-results'), second, 'upgrade-guard', history);
    return { history, first, second };
  })();
  return renders;
}

interface TestResultData {
  readonly history: readonly unknown[];
}

/** The rendered report's data of one check's result (any of its targets). */
async function testResultData(reportDir: string, checkId: string): Promise<TestResultData> {
  for (const [name, text] of await allureReportFiles(reportDir)) {
    if (name.startsWith('data/test-results/') && text.includes(`[${checkId}]`)) return JSON.parse(text) as TestResultData;
  }
  throw new Error(`no test result of ${checkId} in ${reportDir}`);
}
