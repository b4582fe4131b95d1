/**
 * `--help` / `-h` on every command, answered before the command's own modules load: vitest, pact-js, the simulator
 * and Allure take seconds to import, and a user asking for the usage waits for none of them. Each npm script starts
 * at a small entry (entry/*.ts) that asks here first and only then imports the command. Imports no module of the
 * project but the usage catalog, which imports nothing.
 */
import { commandArguments } from './command-arguments.ts';
import { helpText, type CommandName } from './usage.ts';

/**
 * Whether the command line asks for help: `--help` or `-h` among the command's own arguments, before a `--` that
 * ends the options (parseArgs reads what follows it as positionals).
 */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Prints the command's help on stdout and returns true when the command line asks for it; else false, and the
 * caller imports the command. `more` adds lines that need a module of their own (the simulator's fault names).
 */
export async function answeredHelp(command: CommandName, more?: () => Promise<string>, argv: readonly string[] = process.argv): Promise<boolean> {
  if (!wantsHelp(commandArguments(argv))) return false;
  process.stdout.write(helpText(command) + (more ? await more() : ''));
  return true;
}
