/**
 * The one place a command turns an error into output: a coded error prints
 * one line `CODE: message` and exits with the code's number; anything else
 * is INTERNAL (70) with its message only. No stack traces unless DEBUG is set.
 * It is also the root of the command's redaction: it creates the command's
 * secrets registry, hands it to the command's main, and scrubs the one line
 * with it.
 */
import { lockedTasksSettled } from '../auth/file-lock.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import { SecretRegistry } from '../http/redact.ts';

export { commandArguments } from './command-arguments.ts';

export async function runCli(main: (secrets: SecretRegistry) => Promise<number>): Promise<void> {
  const secrets = new SecretRegistry();
  let exitCode: number;
  try {
    exitCode = await main(secrets);
  } catch (error) {
    const code = reportError(error, secrets);
    // A refresh-token rotation still running (a grant sent before RUN_TIMEOUT_S runs to its answer) reaches the token
    // store first: its spent refresh token does not come back (spec §5.8). Each is bounded (src/auth/file-lock.ts).
    await lockedTasksSettled();
    // Then exit at once: a file operation that hit its time bound still sits in the thread pool
    // (src/files/within-time.ts) and would keep the process alive after its one line.
    process.exit(code);
  }
  process.exitCode = exitCode;
}

export function reportError(error: unknown, secrets: SecretRegistry): number {
  const coded = isUpgradeGuardError(error)
    ? error
    : new UpgradeGuardError('INTERNAL', error instanceof Error ? error.message : String(error));
  process.stderr.write(`${coded.code}: ${secrets.scrub(coded.message)}\n`);
  if (process.env.DEBUG && error instanceof Error && error.stack) process.stderr.write(`${secrets.scrub(error.stack)}\n`);
  return coded.exitCode;
}
