/**
 * A command of package.json's `scripts` (`verify`, `report`, `impact`), run
 * the way `npm run NAME -- …args` runs it: the script's own text through
 * `sh -c`, from the repository root, the arguments appended, with exactly
 * the given project variables set. A user's `npm run` adds only npm's own
 * start to that, a Node process per run; the tests of what npm itself takes
 * part in (a signal sent to npm, `--help` through npm, `npm run --silent`)
 * start npm (test/cli/interrupt.test.ts, test/cli/command-help.test.ts,
 * test/e2e/external-target.test.ts).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { configVariables } from '../../src/config/variables.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface CommandOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export type ScriptName = 'verify' | 'report' | 'impact';

const scripts = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;

/** `npm run NAME -- …args`; of the project's variables only `variables` are set. */
export function runScript(name: ScriptName, args: readonly string[], variables: Record<string, string>, timeoutMs: number): Promise<CommandOutcome> {
  const script = scripts[name];
  if (script === undefined) throw new Error(`package.json has no script "${name}"`);
  const env: NodeJS.ProcessEnv = { ...process.env, ...variables };
  for (const variable of configVariables) if (!(variable in variables)) delete env[variable];
  return new Promise((resolve) => {
    // As npm runs a script: `sh -c`, the arguments after the script's text ("$@" keeps each one whole).
    execFile('sh', ['-c', `${script} "$@"`, name, ...args], { cwd: root, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr });
    });
  });
}
