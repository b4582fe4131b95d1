/**
 * The headless Chromium the report tests read the HTML reports in, launched as the browser login driver launches it
 * (src/auth/chromium.ts: the executable, CHROMIUM_PATH, and the flags of a closed network), and the folder their
 * screenshots go to (generated only, gitignored).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumExecutable, chromiumFlags } from '../../src/auth/chromium.ts';

export const screenshots = join(new URL('../../', import.meta.url).pathname, 'reports', 'screenshots');

/** A launched browser, with the screenshots folder there to write to. */
export async function launchReportBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(process.env.CHROMIUM_PATH), args: [...chromiumFlags] });
  await mkdir(screenshots, { recursive: true });
  return browser;
}
