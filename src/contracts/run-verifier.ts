/**
 * A verify run's one Pact verifier child, shared by its two verifications:
 * the contract-breaks step's (verify, in its own module graph) and the
 * contract suite's (global-setup.ts, in vitest's). pact-js and the verifier
 * load once per run, not once per step (a child's start is CPU taken from a
 * run bound by its cores). verify makes it and closes
 * it; the global setup finds it by the id runSuites provides
 * (`runVerifier`). globalThis is the one object both module graphs share
 * (as src/run-targets/setup-failures.ts).
 */
import type { JobResults, QuietVerificationRequest, VerificationShape, VerifierChild } from './quiet-verification.ts';
import { startVerifierChild } from './quiet-verification.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';

const key = Symbol.for('upgrade-guard.run-verifiers');

function registry(): Map<string, VerifierChild> {
  const holder = globalThis as typeof globalThis & { [key]?: Map<string, VerifierChild> };
  holder[key] ??= new Map();
  return holder[key];
}

let nextId = 0;

/** Makes `child` the run's verifier until `withdraw` is called; the id goes to the global setup (`runVerifier`). */
export function shareRunVerifier(child: VerifierChild): { readonly id: string; withdraw(): void } {
  const id = `${process.pid}-${nextId++}`;
  registry().set(id, child);
  return { id, withdraw: () => void registry().delete(id) };
}

/** The run's verifier child shared under `id`, if the command that started the run shared one. */
export function runVerifierOf(id: string | undefined): VerifierChild | undefined {
  return id === undefined ? undefined : registry().get(id);
}

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

declare module 'vitest' {
  export interface ProvidedContext {
    /** The id of the run's shared verifier child (`shareRunVerifier`); absent when the command shared none. */
    runVerifier?: string;
  }
}
