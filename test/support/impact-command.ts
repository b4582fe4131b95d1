/**
 * Runs the user's own command, `npm run impact -- …` (test/support/package-script.ts), with exactly the given
 * project variables set, and reads what a user gets: exit code, stdout, stderr and the reports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImpactReport } from '../../src/impact/types.ts';
import { runScript, type CommandOutcome } from './package-script.ts';

export function npmRunImpact(args: readonly string[], variables: Record<string, string>, timeoutMs: number): Promise<CommandOutcome> {
  return runScript('impact', args, variables, timeoutMs);
}

export interface ImpactFiles {
  readonly report: ImpactReport;
  readonly markdown: string;
  readonly json: string;
  readonly html: string;
}

/** The three reports an impact run wrote to `reportsDir`. */
export function readImpactFiles(reportsDir: string): ImpactFiles {
  const json = readFileSync(join(reportsDir, 'impact.json'), 'utf8');
  const report: ImpactReport = JSON.parse(json);
  return { report, json, markdown: readFileSync(join(reportsDir, 'impact.md'), 'utf8'), html: readFileSync(join(reportsDir, 'impact.html'), 'utf8') };
}
