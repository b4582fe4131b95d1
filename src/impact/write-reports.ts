/**
 * Writes reports/impact.{md,json,html}. Every byte goes through the
 * command's secret registry once more before it reaches the disk: the
 * inputs were redacted as they were read, this is the second net.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { ensureReportsDirectory } from '../report/reports-dir.ts';
import { renderImpactHtml } from './render-html.ts';
import { renderImpactMarkdown } from './render-markdown.ts';
import type { ImpactReport } from './types.ts';

export const impactFiles = { markdown: 'impact.md', json: 'impact.json', html: 'impact.html' } as const;

export async function writeImpactReports(reportsDir: string, report: ImpactReport, secrets: SecretRegistry): Promise<Record<keyof typeof impactFiles, string>> {
  await ensureReportsDirectory(reportsDir);
  const paths = {
    markdown: join(reportsDir, impactFiles.markdown),
    json: join(reportsDir, impactFiles.json),
    html: join(reportsDir, impactFiles.html),
  };
  try {
    await writeFile(paths.markdown, secrets.scrub(renderImpactMarkdown(report)));
    await writeFile(paths.json, secrets.scrub(`${JSON.stringify(report, null, 2)}\n`));
    await writeFile(paths.html, secrets.scrub(renderImpactHtml(report)));
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${reportsDir}: ${(error as Error).message}`);
  }
  return paths;
}
