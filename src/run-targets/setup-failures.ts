/**
 * The run's setup (src/runner/run-setup.ts) fails with a coded error: a
 * target that does not start, a refused login. The first such error is told
 * here, so verify prints one clean line and exits with the error's own code
 * instead of vitest's dump (the setup fails before vitest makes any reporter,
 * so no check line comes). One per run: the command that starts the run
 * makes it.
 */
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';

export class SetupFailures {
  #first: UpgradeGuardError | undefined;

  /** Keeps the first coded failure, its message scrubbed with the setup's registry (verify's never saw the setup's tokens). */
  record(error: unknown, secrets: SecretRegistry): void {
    if (this.#first || !isUpgradeGuardError(error)) return;
    this.#first = new UpgradeGuardError(error.code, secrets.scrub(error.message));
  }

  get first(): UpgradeGuardError | undefined {
    return this.#first;
  }
}
