/**
 * The error catalog: one object, stable codes, one exit code each. The CLI
 * prints `code: message` and exits with the code's number; tests match on the
 * code, never on the wording (fastify's error catalog is the model).
 */
export const errorCatalog = {
  CHECKS_FAILED: { exitCode: 1, summary: 'one or more checks failed' },
  CONFIG_INVALID: { exitCode: 2, summary: 'configuration is missing or invalid' },
  TARGET_UNREACHABLE: { exitCode: 3, summary: 'the target could not be reached' },
  TARGET_TIMEOUT: { exitCode: 4, summary: 'the target did not answer in time' },
  TARGET_MALFORMED: { exitCode: 5, summary: 'the target answered with a body that could not be read' },
  LOGIN_FAILED: { exitCode: 6, summary: 'the login challenge could not be completed' },
  TOKEN_REFUSED: { exitCode: 7, summary: 'the token endpoint refused the request' },
  TOKEN_STORE: { exitCode: 8, summary: 'the token store could not be read or written' },
  REPORT_FAILED: { exitCode: 9, summary: 'the report could not be written' },
  USAGE: { exitCode: 64, summary: 'the command line is not understood' },
  INTERRUPTED: { exitCode: 130, summary: 'stopped by Ctrl-C (SIGINT, 130) or SIGTERM (143); the reports of what finished are written' },
  INTERNAL: { exitCode: 70, summary: 'an internal error' },
} as const;

export type ErrorCode = keyof typeof errorCatalog;

export class UpgradeGuardError extends Error {
  override readonly name = 'UpgradeGuardError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  get exitCode(): number {
    return errorCatalog[this.code].exitCode;
  }
}

/**
 * Ctrl-C (SIGINT) or SIGTERM stopped the run (src/cli/interruption.ts). Its exit status is the shell's for a process a
 * signal ended, 128 + the signal's number (130 for SIGINT, 143 for SIGTERM), so a script that runs verify sees the same
 * status whether verify wrote its reports first or not.
 */
export class RunInterrupted extends UpgradeGuardError {
  readonly signal: StopSignal;

  constructor(signal: StopSignal, message: string) {
    super('INTERRUPTED', `${signal}; ${message}`);
    this.signal = signal;
  }

  override get exitCode(): number {
    return stopSignalExitCodes[this.signal];
  }
}

/** The signals that stop a run: Ctrl-C and a job runner's stop. */
export const stopSignals = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof stopSignals)[number];

/** 128 + the signal's number (signal(7)). */
export const stopSignalExitCodes: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/** An error as one line: `CODE: message` for a coded one, its message otherwise (the caller scrubs it of secrets). */
export function errorLine(error: unknown): string {
  return isUpgradeGuardError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
}

export function isUpgradeGuardError(value: unknown): value is UpgradeGuardError {
  return value instanceof UpgradeGuardError;
}

/** The codes of a target that gave no answer at all: it could not be reached, or it did not answer in time. */
const noAnswerCodes = ['TARGET_UNREACHABLE', 'TARGET_TIMEOUT'] as const;
export type NoAnswerCode = (typeof noAnswerCodes)[number];

/**
 * A coded error that says the target gave no answer to a request (refused, reset, timed out, given up on after
 * timeouts in a row): no answer says nothing of the spec (src/check/no-answer.ts). The run's own deadline is not one:
 * test `runTimedOutSeconds` first.
 */
export function noAnswerOf(error: unknown): { readonly code: NoAnswerCode; readonly message: string } | undefined {
  if (!isUpgradeGuardError(error) || !(noAnswerCodes as readonly string[]).includes(error.code)) return undefined;
  return { code: error.code as NoAnswerCode, message: error.message };
}

/**
 * RUN_TIMEOUT_S passed (src/http/run-deadline.ts; a wait for a run permit or a request in flight,
 * src/http/run-permits.ts). What it cut off did not run: it is no failure of the target.
 */
export class RunTimedOut extends UpgradeGuardError {
  readonly runTimeoutSeconds: number;

  constructor(seconds: number) {
    super('TARGET_TIMEOUT', `the run did not finish within RUN_TIMEOUT_S=${seconds} s`);
    this.runTimeoutSeconds = seconds;
  }
}

export function runTimedOut(seconds: number): RunTimedOut {
  return new RunTimedOut(seconds);
}

/** RUN_TIMEOUT_S in seconds when `error` is the run's deadline, else undefined. */
export function runTimedOutSeconds(error: unknown): number | undefined {
  return error instanceof RunTimedOut ? error.runTimeoutSeconds : undefined;
}

/** How every note of a check that did not run begins, whatever kept it from running. */
export const notRunPrefix = 'not run: ';

/** vitest's cancellation skips the checks of a running file that had not finished with a note of its own. */
export const vitestCancelNote = 'The test run was aborted by the user.';

/** The reason of a check vitest never ran (src/runner/results.ts); verify names what ended the run instead (RUN_TIMEOUT_S, a signal). */
export const neverRanNote = `${notRunPrefix}the run ended before it ran`;

/** How a check the run's deadline cut off is reported: the summary, Allure and the migration report say "not run". */
export function cutOffNote(seconds: number | undefined): string {
  return `${notRunPrefix}the run's time ran out (RUN_TIMEOUT_S=${seconds} s)`;
}

/** The note of a check a signal kept from running or cut short (the summary, Allure and the migration report say "not run"). */
export function interruptedNote(signal: StopSignal): string {
  return `${notRunPrefix}the run was stopped by ${signal} (INTERRUPTED)`;
}

/** The "not run" note when `error` is what stopped the run (RUN_TIMEOUT_S, Ctrl-C or SIGTERM), else undefined. */
export function stoppedNote(error: unknown): string | undefined {
  if (error instanceof RunTimedOut) return cutOffNote(error.runTimeoutSeconds);
  return error instanceof RunInterrupted ? interruptedNote(error.signal) : undefined;
}
