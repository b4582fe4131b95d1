/**
 * Renders reports/allure-results into reports/allure-report/index.html with
 * Allure 3 (the `allure` npm package; no Java) and the project's allurerc.mjs
 * (grouping, categories). With a history folder (`--history DIR`,
 * HISTORY_DIR) Allure reads the earlier runs from DIR/history.jsonl and adds
 * this one, so a CI cache or artifact that keeps DIR carries the trend from
 * night to night; it keeps the last HISTORY_LIMIT runs. A pure function of its inputs: results in, report out (the
 * merge of shards calls it too).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { historyLimitBounds } from '../config/history-limit.ts';
import { UpgradeGuardError } from '../errors.ts';
import { ensureDirectory } from '../files/ensure-directory.ts';
import { withinTime } from '../files/within-time.ts';

const run = promisify(execFile);

/** The Allure 3 configuration at the repository root. */
export const allureConfigPath = fileURLToPath(new URL('../../allurerc.mjs', import.meta.url));

/** The file in a history folder that Allure reads and appends to. */
export function historyFile(historyDir: string): string {
  return join(resolve(historyDir), 'history.jsonl');
}

/**
 * `resultsDir`: one results folder, or several (shards); `historyDir`: where the history is kept between runs, none
 * when absent; `historyLimit`: how many runs it keeps (HISTORY_LIMIT), this one included: Allure drops the oldest.
 */
export async function renderAllureReport(resultsDir: string | readonly string[], reportDir: string, name: string, historyDir?: string, historyLimit: number = historyLimitBounds.default): Promise<string> {
  const cli = allureCli();
  if (historyDir !== undefined) await ensureHistoryDirectory(historyDir);
  const env = { ...process.env, ...(historyDir !== undefined && { ALLURE_HISTORY_PATH: historyFile(historyDir), ALLURE_HISTORY_LIMIT: String(historyLimit) }) };
  const resultsDirs = typeof resultsDir === 'string' ? [resultsDir] : resultsDir;
  const index = join(reportDir, 'index.html');
  try {
    // The folder is ours and generated whole: files of an earlier render (another layout) would be served beside this one.
    await rm(reportDir, { recursive: true, force: true });
    await run(process.execPath, [cli, 'generate', ...resultsDirs, '--config', allureConfigPath, '--output', reportDir, '--report-name', name], { timeout: 120_000, env });
    await writeFile(index, withoutAnalytics(await readFile(index, 'utf8')));
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UpgradeGuardError('REPORT_FAILED', `Allure could not render ${reportDir}: ${detail}`);
  }
  return index;
}

/**
 * Allure's page loads Google Analytics (gtag) with the report's id each time someone opens it, and has no
 * option to turn it off. A report of a staging run is read inside the company: it calls no one.
 */
export function withoutAnalytics(html: string): string {
  return html.replace(/<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[^<]*?gtag\([^<]*?<\/script>/, '');
}

async function ensureHistoryDirectory(directory: string): Promise<void> {
  const failed = (detail: string): UpgradeGuardError => new UpgradeGuardError('REPORT_FAILED', `the history folder ${directory} (--history, HISTORY_DIR) could not be created: ${detail}`);
  try {
    await withinTime(ensureDirectory(directory), () => failed('no answer from the file system in time'));
  } catch (error) {
    if (error instanceof UpgradeGuardError) throw error;
    throw failed(error instanceof Error ? error.message : String(error));
  }
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
