/**
 * Runs the user's own command, `npm run impact -- …`, in a child process
 * from the repository root, with exactly the given project variables set,
 * and reads what a user gets: exit code, stdout, stderr and the reports.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configVariables } from '../../src/config/variables.ts';
import type { ImpactReport } from '../../src/impact/types.ts';
import type { VerifyOutcome } from './verify-command.ts';

const root = new URL('../..', import.meta.url).pathname;

export function npmRunImpact(args: readonly string[], variables: Record<string, string>, timeoutMs: number): Promise<VerifyOutcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...variables };
  for (const name of configVariables) if (!(name in variables)) delete env[name];
  return new Promise((resolve) => {
    execFile('npm', ['run', 'impact', '--', ...args], { cwd: root, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr });
    });
  });
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
