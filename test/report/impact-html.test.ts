/**
 * reports/impact.html as a person reads it: the example HAR's report
 * (written by `npm run impact` with the vendor's documents and a replay
 * against the embedded 8.0) opened in headless Chromium at
 * 1280 px, JavaScript off and the network refused. Every call's row shows
 * its verdict, the call and, for `replace`, what to use instead, as the
 * JSON report says; the page needs no sideways scrolling.
 * The screenshot goes to reports/screenshots/ (generated only, gitignored).
 * Without Chromium the file is skipped (test/support/browser-tests.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { impactVerdicts } from '../../src/impact/types.ts';
import { launchReportBrowser, reportContext, screenshots } from '../support/report-browser.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';
import { vendorOpenapiDir } from '../support/shared-documents.ts';

// The page shows the vendor's answers: it needs the browser and the vendor's documents (test/support/shared-documents.ts).
const browserTests = inject('browserTests') && inject('sharedDocuments');

let work: string;
let browser: Browser;

describe.runIf(browserTests)(`the HTML impact report in a browser${browserTests ? '' : ' (skipped: no Chromium or no vendor documents)'}`, () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'ug-impact-html-'));
    browser = await launchReportBrowser();
  }, HANG_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('shows each call with its verdict and the replacement to use', async () => {
    // The widest page: the vendor's answers and what the embedded 8.0 did, beside the verdicts.
    const outcome = await npmRunImpact(['--har', 'examples/campaign-portal.har', '--openapi', vendorOpenapiDir, '--embedded', '8.0'], { REPORTS_DIR: work }, HANG_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(1);
    const { report } = readImpactFiles(work);
    expect(report.calls.length).toBeGreaterThan(0);

    const context = await reportContext(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    await context.route(/^(?!file:)/, async (route) => {
      requested.push(route.request().url());
      await route.abort();
    });
    try {
      const page = await context.newPage();
      await page.goto(pathToFileURL(join(work, 'impact.html')).href);
      await page.screenshot({ path: join(screenshots, 'impact.png'), fullPage: true });

      // The coloured counts, one per verdict, as the summary line counts them.
      const counts = await page.locator('ul.summary li').allInnerTexts();
      expect(counts).toEqual(impactVerdicts.map((verdict) => `${report.summary[verdict]} ${verdict}`));

      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBe(report.calls.length);
      for (const [index, call] of report.calls.entries()) {
        const row = rows.nth(index);
        expect(await row.locator('td.verdict').isVisible()).toBe(true);
        expect(await row.locator('td.verdict').innerText()).toBe(call.verdict);
        expect(await row.locator('td.call').innerText()).toContain(`${call.method} ${call.endpoint}`);
        expect((await row.locator('td.instead').innerText()).trim()).toBe(call.replacement ?? '');
      }

      // The two kinds of replacement of the example: a call with words, and words alone.
      const instead = await page.locator('tr[data-verdict="replace"] td.instead').allInnerTexts();
      expect(instead).toContain('GET {auth_url}/oauth2/auth with response_mode=query instead of scope=openid');
      expect(instead).toContain('none named by the spec: plan to move off it (spec §9.4)');

      // Long paths wrap inside their column: nothing makes the page scroll sideways.
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(1280);
      expect(requested).toEqual([]);
    } finally {
      await context.close();
    }
  }, HANG_TEST_TIMEOUT_MS);
});
