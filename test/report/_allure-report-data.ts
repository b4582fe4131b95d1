/**
 * The data files of a rendered Allure report. allurerc.mjs renders one
 * self-contained index.html (`singleFile`): each data file is in it as
 * `d("data/test-results/<id>.json","<base64>")`, which the page reads
 * instead of fetching it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every embedded data file of the report in `reportDir`, by its path in the report (`widgets/categories.json`). */
export async function allureReportFiles(reportDir: string): Promise<Map<string, string>> {
  const html = await readFile(join(reportDir, 'index.html'), 'utf8');
  const files = new Map<string, string>();
  for (const [, name, base64] of html.matchAll(/\bd\("([^"]+)","([A-Za-z0-9+/=]*)"\)/g)) {
    if (name !== undefined && base64 !== undefined) files.set(name, Buffer.from(base64, 'base64').toString('utf8'));
  }
  if (files.size === 0) throw new Error(`${reportDir}/index.html holds no report data: not a single-file Allure report`);
  return files;
}

/** The rendered results (`data/test-results/*.json`), parsed. */
export async function allureTestResults<T>(reportDir: string): Promise<T[]> {
  const files = await allureReportFiles(reportDir);
  return [...files].filter(([name]) => name.startsWith('data/test-results/')).map(([, text]) => JSON.parse(text) as T);
}
