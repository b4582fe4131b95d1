/**
 * Renders reports/allure-results into reports/allure-report/index.html with
 * Allure 3 (the `allure` npm package; no Java).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { UpgradeGuardError } from '../errors.ts';

const run = promisify(execFile);

export async function renderAllureReport(resultsDir: string, reportDir: string, name: string): Promise<string> {
  const cli = allureCli();
  try {
    await run(process.execPath, [cli, 'generate', resultsDir, '--output', reportDir, '--report-name', name], { timeout: 120_000 });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UpgradeGuardError('REPORT_FAILED', `Allure could not render ${reportDir}: ${detail}`);
  }
  return join(reportDir, 'index.html');
}

/** The `allure` package's CLI; its exports map hides package.json, so look along the module paths. */
function allureCli(): string {
  const paths = createRequire(import.meta.url).resolve.paths('allure') ?? [];
  for (const dir of paths) {
    const candidate = join(dir, 'allure', 'cli.js');
    if (existsSync(candidate)) return candidate;
  }
  throw new UpgradeGuardError('REPORT_FAILED', 'the allure package is not installed: run npm ci');
}
