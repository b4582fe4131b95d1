/**
 * A global setup runs inside vitest's module graph, in verify's process.
 * When it fails with a coded error, or a login it started fails after it
 * returned (global-setup.ts), it leaves the error here (on globalThis, the
 * one object both module graphs share) so verify can print one clean line
 * and exit with the error's own code instead of vitest's stack dump, and
 * verify's reporters stay quiet about the checks the failure cancelled.
 */
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';

const key = Symbol.for('upgrade-guard.setup-failures');

interface FailureRecord {
  readonly code: UpgradeGuardError['code'];
  readonly message: string;
}

function registry(): FailureRecord[] {
  const holder = globalThis as typeof globalThis & { [key]?: FailureRecord[] };
  holder[key] ??= [];
  return holder[key];
}

/** The message is scrubbed with the setup's registry: verify's own registry never saw the setup's tokens. */
export function recordSetupFailure(error: unknown, secrets: SecretRegistry): void {
  if (isUpgradeGuardError(error)) registry().push({ code: error.code, message: secrets.scrub(error.message) });
}

/** The first coded setup failure of this process, rebuilt as an error. */
export function firstSetupFailure(): UpgradeGuardError | undefined {
  const first = registry()[0];
  return first && new UpgradeGuardError(first.code, first.message);
}

/** A run's global setup starts with no failure on record: an earlier run of the same process had its own. */
export function forgetSetupFailures(): void {
  registry().length = 0;
}
