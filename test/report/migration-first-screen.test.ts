/**
 * The HTML migration report's first screen, in headless Chromium with
 * JavaScript off and the network refused: a run record of a staging that
 * departs from the spec (test/report/_findings-run.ts) must show, without
 * scrolling, every module's changes by kind and its findings, worst first;
 * the change-kind filter must hide the rows of other kinds. A screenshot of
 * the first screen goes to reports/screenshots/ (generated only, gitignored).
 * Without Chromium the test is skipped (test/support/browser-tests.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogModules } from '../../src/catalog/index.ts';
import { buildMigrationReport, writeMigrationReport } from '../../src/report/migration-report.ts';
import { launchReportBrowser, reportContext, screenshots } from '../support/report-browser.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { checks, configurations } from './_findings-run.ts';

const browserTests = inject('browserTests');
const needsBrowser = browserTests ? '' : ' (skipped: no Chromium)';
/** A laptop's browser window: what a lead sees before scrolling. */
const firstScreen = { width: 1400, height: 900 };

let work: string;
let browser: Browser | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'upgrade-guard-first-screen-'));
  if (!browserTests) return;
  browser = await launchReportBrowser();
}, HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the HTML migration report in a browser', () => {
  it.runIf(browserTests)(
    `answers "what breaks when we move?" on its first screen, per module, and filters the rows by change kind${needsBrowser}`,
    async () => {
      if (!browser) throw new Error('the browser tests run with a browser (beforeAll)');
      const report = buildMigrationReport({ checks, errors: [] }, { now: new Date('2026-11-26T05:00:00Z') });
      const written = await writeMigrationReport(join(work, 'reports'), report);
      const context = await reportContext(browser, { javaScriptEnabled: false, viewport: firstScreen });
      const requested: string[] = [];
      await context.route(/^(?!file:)/, async (route) => {
        requested.push(route.request().url());
        await route.abort();
      });
      const page = await context.newPage();
      await page.goto(pathToFileURL(written.html).href);
      await page.screenshot({ path: join(screenshots, 'migration-first-screen.png') });

      // Every module's card, its counts and its findings, lie within the window before any scroll.
      for (const module of catalogModules) {
        const card = page.locator(`article.card[data-module="${module}"]`);
        const box = await card.boundingBox();
        expect(box, module).not.toBeNull();
        expect((box?.y ?? Infinity) + (box?.height ?? 0), `${module} card ends within the first screen`).toBeLessThanOrEqual(firstScreen.height);
        expect(await card.locator('.counts').isVisible()).toBe(true);
      }
      const media = page.locator('article.card[data-module="media"]');
      expect(await media.locator('.count[data-kind="added"]').innerText()).toBe('12 added');
      expect(await media.locator('.count[data-kind="deprecated"]').innerText()).toBe('2 deprecated');
      const findings = await media.locator('li.finding').allInnerTexts();
      expect(findings[0]).toMatch(new RegExp(`^not served ${configurations.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} on staging 8\\.0 \\(1 check failed, 1 not checked because of it\\)\\s+answered 405`));
      expect(findings[1]).toMatch(/^answer differs from the spec GET \/rest\/mp\/v1\.1\/assets\/\{assetId\}/);
      const job = await page.locator('article.card[data-module="job"] li.finding').allInnerTexts();
      expect(job.map((text) => text.split(' ')[0])).toEqual(['wrong', 'removed,']);
      expect(await page.locator('article.card[data-module="shop"] .findings').innerText()).toContain('none found; 1 of 1 not checked');

      // The filter by change kind: CSS alone, a row with two kinds under each of them.
      const rows = page.locator('tr.change');
      const all = await rows.count();
      expect(all).toBe(report.rows.length);
      await page.locator('label[for="kind-removed"]').click();
      const removed = await page.locator('tr.change:visible').evaluateAll((shown) => shown.map((row) => row.getAttribute('data-kinds')));
      expect(removed).toHaveLength(report.rows.filter((row) => row.changeKinds.includes('removed')).length);
      expect(removed.every((kinds) => kinds?.split(' ').includes('removed'))).toBe(true);
      expect(await page.locator('tr#media\\.archive-entries-asset').isVisible()).toBe(true);
      expect(await page.locator('tr#job\\.assets-jobs').isVisible()).toBe(false);
      await page.locator('label[for="kind-deprecated"]').click();
      expect(await page.locator('tr#media\\.archive-entries-asset').isVisible()).toBe(true);
      expect(await page.locator('tr#planning\\.usergroups-all').isVisible()).toBe(true);
      expect(await page.locator('tr#job\\.grid-rows-delete').isVisible()).toBe(false);
      await page.locator('label[for="kind-all"]').click();
      expect(await page.locator('tr.change:visible').count()).toBe(all);
      expect(requested).toEqual([]);
      await context.close();
    },
    HANG_TEST_TIMEOUT_MS,
  );
});
