/**
 * The one place a command turns an error into output: a coded error prints
 * one line `CODE: message` and exits with the code's number; anything else
 * is INTERNAL (70) with its message only. No stack traces unless DEBUG is set.
 */
import { UpgradeGuardError, errorCatalog, isUpgradeGuardError } from '../errors.ts';
import { processSecrets } from '../http/redact.ts';

/**
 * The command's own arguments. The npm scripts put `--` between the script
 * and them: Node 20 reads `--env-file` anywhere on its command line, even
 * after the script, and would take our flag for its own.
 */
export function commandArguments(argv: readonly string[] = process.argv): string[] {
  const args = argv.slice(2);
  return args[0] === '--' ? args.slice(1) : args;
}

export async function runCli(main: () => Promise<number>): Promise<void> {
  let exitCode: number;
  try {
    exitCode = await main();
  } catch (error) {
    // Exit at once: a file operation that hit its time bound still sits in the thread pool
    // (src/files/within-time.ts) and would keep the process alive after its one line.
    process.exit(reportError(error));
  }
  process.exitCode = exitCode;
}

export function reportError(error: unknown): number {
  const coded = isUpgradeGuardError(error)
    ? error
    : new UpgradeGuardError('INTERNAL', error instanceof Error ? error.message : String(error));
  process.stderr.write(`${coded.code}: ${processSecrets.scrub(coded.message)}\n`);
  if (process.env.DEBUG && error instanceof Error && error.stack) process.stderr.write(`${processSecrets.scrub(error.stack)}\n`);
  return errorCatalog[coded.code].exitCode;
}
