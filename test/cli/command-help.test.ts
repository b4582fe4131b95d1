/**
 * `--help` and `-h` on every command, through the user's own `npm run X -- --help`: exit 0, the usage text on
 * stdout, nothing on stderr but npm's own warnings. An unknown option stays `USAGE` (64) in one line, and every flag
 * that line names is explained by the help text (src/cli/usage.ts), so the two cannot drift apart. Nothing here
 * measures time (the help gate's point is what it does not load, src/cli/help-gate.ts).
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { faultNames } from '../../simulator/faults/index.ts';
import { configVariables } from '../../src/config/variables.ts';
import { wantsHelp } from '../../src/cli/help-gate.ts';
import { commandNames, helpText, type CommandName } from '../../src/cli/usage.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { errorLines, expectOneCodedLine, type VerifyOutcome } from '../support/verify-command.ts';

const root = new URL('../..', import.meta.url).pathname;

/** `npm run <command> -- …args` with none of the project's variables set: help must not need a configuration. */
function npmRun(command: CommandName, args: readonly string[]): Promise<VerifyOutcome> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of configVariables) delete env[name];
  return new Promise((resolve) => {
    execFile('npm', ['run', command, '--', ...args], { cwd: root, env, timeout: HANG_TIMEOUT_MS }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr });
    });
  });
}

/** What the help of `command` prints: the catalog's text, and for the simulator its faults. */
function expectedHelp(command: CommandName): string {
  return command === 'sim' ? `${helpText('sim')}Faults: ${faultNames.join(', ')}\n` : helpText(command);
}

describe('wantsHelp', () => {
  const vectors: readonly (readonly [args: readonly string[], wanted: boolean])[] = [
    [['--help'], true],
    [['-h'], true],
    [['--version', '8.0', '--help'], true],
    [['--help=yes'], false],
    [['--version', '8.0'], false],
    [['--out', 'merged', '--', '-h'], false],
    [[], false],
  ];
  for (const [args, wanted] of vectors) {
    it(`${JSON.stringify(args)} ${wanted ? 'asks' : 'does not ask'} for help`, () => {
      expect(wantsHelp(args)).toBe(wanted);
    });
  }
});

// One command at a time: each child loads tsx, and the machine is shared.
describe.each(commandNames)('npm run %s', (command) => {
  for (const flag of ['--help', '-h']) {
    it(`${flag} prints the usage text on stdout and exits 0`, { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      const outcome = await npmRun(command, [flag]);
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.stdout).toContain(expectedHelp(command));
      expect(errorLines(outcome)).toEqual([]);
    });
  }

  it('an unknown option is USAGE (64), one line, whose flags the help text explains', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const outcome = await npmRun(command, ['--no-such-option']);
    const line = expectOneCodedLine(outcome, 'USAGE');
    expect(line).toContain("'--no-such-option'");
    // Quotes come in pairs (Node's own advice after an unknown option once left one open).
    expect((line.match(/'/g) ?? []).length % 2).toBe(0);
    const synopsis = line.slice(line.toLowerCase().lastIndexOf('usage: npm run'));
    const flags = [...synopsis.matchAll(/--[a-z][a-z-]*/g)].map(([flag]) => flag);
    expect(flags.length).toBeGreaterThan(0);
    const help = helpText(command);
    expect(flags.filter((flag) => !help.includes(`  ${flag}`) && !help.includes(`${flag} `))).toEqual([]);
  });
});
