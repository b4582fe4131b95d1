/**
 * Runs the user's own command, `npm run verify -- …` (test/support/package-script.ts), with a clean set of the
 * project's variables, and reads what a user would see: the exit code, stdout and stderr.
 */
import { expect } from 'vitest';
import { errorCatalog, type ErrorCode } from '../../src/errors.ts';
import { progressPrefix } from '../../src/report/progress-reporter.ts';
import { runScript, type CommandOutcome } from './package-script.ts';

export type VerifyOutcome = CommandOutcome;

/** `npm run verify -- --no-html …args` with exactly `variables` of the project's configuration set. */
export function npmRunVerify(args: readonly string[], variables: Record<string, string>, timeoutMs: number): Promise<VerifyOutcome> {
  return runScript('verify', ['--no-html', ...args], variables, timeoutMs);
}

/** `npm run report -- --no-html …args` (merging shards) with none of the project's configuration set. */
export function npmRunReport(args: readonly string[], timeoutMs: number): Promise<VerifyOutcome> {
  return runScript('report', ['--no-html', ...args], {}, timeoutMs);
}

/** stderr's lines, without npm's own warnings about the user's npm configuration and verify's plain progress lines. */
export function errorLines(outcome: VerifyOutcome): string[] {
  return outcome.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn') && !line.startsWith(progressPrefix));
}

/** Exit code of `code`, one line `CODE: …` on stderr, no stack trace, none of `secrets` anywhere. */
export function expectOneCodedLine(outcome: VerifyOutcome, code: ErrorCode, secrets: readonly string[] = []): string {
  expect(outcome.code, outcome.stderr).toBe(errorCatalog[code].exitCode);
  const lines = errorLines(outcome);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${code}: `));
  expect(outcome.stderr).not.toMatch(/^\s+at /m);
  for (const secret of secrets) expect(`${outcome.stdout}\n${outcome.stderr}`).not.toContain(secret);
  return lines[0] ?? '';
}
