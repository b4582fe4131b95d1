/**
 * The headless Chromium the report tests read the HTML reports in, launched as the browser login driver launches it
 * (src/auth/chromium.ts: the executable, CHROMIUM_PATH, and the flags of a closed network), and the folder their
 * screenshots go to (generated only, gitignored).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { chromiumExecutable, chromiumFlags } from '../../src/auth/chromium.ts';
import { HANG_TIMEOUT_MS } from './hang-timeout.ts';

export const screenshots = join(new URL('../../', import.meta.url).pathname, 'reports', 'screenshots');

/** A launched browser, with the screenshots folder there to write to. */
export async function launchReportBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(process.env.CHROMIUM_PATH), args: [...chromiumFlags] });
  await mkdir(screenshots, { recursive: true });
  return browser;
}

/**
 * How long a page of a report may take to show what a test waits for, or to take an action: the project's bound on a
 * hang (hang-timeout.ts), never a measure. Playwright's own default, 30 s, is a margin a busy runner can outlast.
 */
export const PAGE_HANG_MS = HANG_TIMEOUT_MS;

/** A context whose every action and wait is bounded by PAGE_HANG_MS. */
export async function reportContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(PAGE_HANG_MS);
  return context;
}
