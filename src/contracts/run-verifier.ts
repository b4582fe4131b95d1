/**
 * A verify run's one Pact verifier child, shared by its two verifications:
 * the contract-breaks step's and the contract suite's (src/runner/run-setup.ts).
 * pact-js and the verifier load once per run, not once per step (a child's
 * start is CPU taken from a run bound by its cores). verify makes it, hands
 * it to runSuites, and closes it.
 */
import type { JobResults, QuietVerificationRequest, VerificationShape, VerifierChild } from './quiet-verification.ts';
import { startVerifierChild } from './quiet-verification.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';

/**
 * A verifier child that starts when its first request comes. Against the embedded platform or a near target the run
 * is bound by CPU from its first moment: a child started ahead only slows the start, so it starts with the first verification that needs it.
 */
export function lazyVerifierChild(shape: VerificationShape, signal?: AbortSignal): VerifierChild {
  let child: VerifierChild | undefined;
  let closed = false;
  return {
    get pid() {
      return child?.pid;
    },
    verify(request: QuietVerificationRequest, secrets: Pick<SecretRegistry, 'scrub'>): Promise<JobResults> {
      // Past the deadline the fork would only be killed again: the first request's start fails as the child's would.
      if (!closed && !signal?.aborted) child ??= startVerifierChild(shape, signal);
      if (child) return child.verify(request, secrets);
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new UpgradeGuardError('TARGET_TIMEOUT', 'provider verification was stopped before it started'));
      return Promise.reject(new UpgradeGuardError('INTERNAL', 'a closed verifier child takes no request'));
    },
    close() {
      closed = true;
      child?.close();
    },
  };
}
