/**
 * Writes impact.{md,json,html} into the reports folder. Every byte goes
 * through the command's secret registry once more before it reaches the
 * disk: the inputs were redacted as they were read, this is the second net.
 * A report already there is not overwritten unseen: it is kept as
 * impact.previous.{md,json,html} (one generation; the older one goes), and
 * the command says so. Only impact.* is what `verify` embeds as "Your
 * integration" (integration-section.ts), never the previous one.
 */
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { ensureReportsDirectory } from '../report/reports-dir.ts';
import { renderImpactHtml } from './render-html.ts';
import { renderImpactMarkdown } from './render-markdown.ts';
import type { ImpactReport } from './types.ts';

export const impactFiles = { markdown: 'impact.md', json: 'impact.json', html: 'impact.html' } as const;

export const previousImpactFiles = { markdown: 'impact.previous.md', json: 'impact.previous.json', html: 'impact.previous.html' } as const satisfies Record<keyof typeof impactFiles, string>;

type ImpactFormat = keyof typeof impactFiles;

export interface WrittenImpactReports {
  readonly paths: Readonly<Record<ImpactFormat, string>>;
  /** The earlier report's Markdown, kept as impact.previous.md, when the folder held one. */
  readonly previous?: string;
}

const formats = Object.keys(impactFiles) as ImpactFormat[];

export async function writeImpactReports(reportsDir: string, report: ImpactReport, secrets: SecretRegistry): Promise<WrittenImpactReports> {
  await ensureReportsDirectory(reportsDir);
  const paths = { markdown: join(reportsDir, impactFiles.markdown), json: join(reportsDir, impactFiles.json), html: join(reportsDir, impactFiles.html) };
  try {
    const kept = await keepPrevious(reportsDir);
    await writeFile(paths.markdown, secrets.scrub(renderImpactMarkdown(report)));
    await writeFile(paths.json, secrets.scrub(`${JSON.stringify(report, null, 2)}\n`));
    await writeFile(paths.html, secrets.scrub(renderImpactHtml(report)));
    return { paths, ...(kept && { previous: join(reportsDir, previousImpactFiles.markdown) }) };
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${reportsDir}: ${(error as Error).message}`);
  }
}

/**
 * Moves an earlier impact.* to impact.previous.*, after removing the generation before it: the previous files are
 * always one run's, never one run's Markdown beside another's JSON. True when there was an earlier report.
 */
async function keepPrevious(reportsDir: string): Promise<boolean> {
  const earlier = (await Promise.all(formats.map(async (format) => ((await isFile(join(reportsDir, impactFiles[format]))) ? [format] : [])))).flat();
  if (earlier.length === 0) return false;
  await Promise.all(formats.map((format) => rm(join(reportsDir, previousImpactFiles[format]), { force: true })));
  for (const format of earlier) await rename(join(reportsDir, impactFiles[format]), join(reportsDir, previousImpactFiles[format]));
  return true;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
