/**
 * The migration report's "Your integration" section: when an impact run
 * left its reports in REPORTS_DIR (`npm run impact`), the verify command's
 * migration report carries its summary and table, one heading level down.
 * Kept apart from the migration report's own rendering (src/report).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReportSection } from '../report/migration-report.ts';
import { impactFiles } from './write-reports.ts';

export async function integrationSection(reportsDir: string): Promise<ReportSection | undefined> {
  const markdown = await readFile(join(reportsDir, impactFiles.markdown), 'utf8').catch(() => undefined);
  if (markdown === undefined) return undefined;
  const json = await readFile(join(reportsDir, impactFiles.json), 'utf8').catch(() => undefined);
  let data: unknown;
  try {
    data = json === undefined ? undefined : JSON.parse(json);
  } catch {
    data = undefined;
  }
  // The impact report's own title gives way to the section's; its text stays as the impact run wrote it.
  const body = markdown.replace(/^# .*\n+/, '').trimEnd();
  // The team's own calls come first: they are what breaks for this team (src/report/migration-report.ts).
  // Its summary line (`Impact on 8.0: 12 distinct calls: …`) heads the whole migration report.
  const headline = body.split('\n').find((line) => line.startsWith('Impact on 8.0:'))?.replace(/\.$/, '');
  return { title: 'Your integration', leads: true, ...(headline !== undefined && { headline }), markdown: `From \`npm run impact\` (${impactFiles.markdown}).\n\n${body}`, data };
}
