/**
 * Runs provider verification in a child process. The Rust verifier prints
 * its whole report to the process's stdout (file descriptor 1, past any
 * Node stream, and no option turns it off); in a child whose stdout goes
 * nowhere, the run stays quiet and the verdicts come back over IPC. The
 * report itself is not lost: it is in every outcome's mismatches and in
 * `output`. The child opens the full user's session from the shared token
 * store, as a suite worker does.
 *
 * The child is this same file, forked with `childFlag`: the parent half
 * (`verifyQuietly`) never loads pact-js, the child half (`runJobs`) loads it
 * on demand. The child is a process root: it makes its own secrets
 * registry, as the parent's caller hands the parent half its own.
 *
 * Inside a run the parent lends the child the run's permits, one per request
 * (src/http/lent-permits.ts). Against a far target (`filesAtOnce`) the child
 * then replays each pact file of a source in a verifier run of its own, all
 * at once: the permits bound what is in flight, and a source's chain of
 * interactions is no longer one long line (issue 9: at 50 ms a request, the
 * 7.4 contracts replayed against 8.0 were a 2 s chain).
 */
import { fork } from 'node:child_process';
import type { PactPublishConfig } from '../config/pact.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import { SecretRegistry } from '../http/redact.ts';
import { borrowedPermits, isPermitMessage, lendPermits } from '../http/lent-permits.ts';
import { RunPermits } from '../http/run-permits.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import type { PactSource } from './sources.ts';
import type { SourceVerification } from './verify-source.ts';

export interface VerificationJob {
  /** With its sessions open. */
  readonly target: TargetInfo;
  readonly sources: readonly PactSource[];
}

export interface QuietVerificationRequest {
  readonly jobs: readonly VerificationJob[];
  /** Results are published for broker sources only, and only with PACT_PUBLISH_RESULTS. */
  readonly publish?: PactPublishConfig;
  /** Targets verified at once (the kill matrix hands a project many). Default 4. */
  readonly concurrency?: number;
  /**
   * The pact files of one source replayed at once, each in a verifier run of its own (verify-source.ts
   * `verifyFilesApart`). Default 1: one run over all files, which costs the least CPU where the target answers at
   * once; against a far one the files overlap. Only inside a run, whose permits bound what is in flight.
   */
  readonly filesAtOnce?: number;
  /** Set by the parent half: it lends the child the run's permits (src/http/lent-permits.ts). */
  readonly permitsLent?: boolean;
}

/** One result per source: its verification, or why it could not run. */
export type SourceResult = { readonly ok: true; readonly verification: SourceVerification } | { readonly ok: false; readonly source: PactSource; readonly error: string };

/** Per job, in the order of the request: one result per source. */
export type JobResults = readonly (readonly SourceResult[])[];

type ChildMessage = { readonly kind: 'results'; readonly results: JobResults } | { readonly kind: 'error'; readonly error: string };

const defaultConcurrency = 4;

const isChildMessage = (message: unknown): message is ChildMessage =>
  typeof message === 'object' && message !== null && 'kind' in message && (message.kind === 'results' || message.kind === 'error');

const childFlag = '--upgrade-guard-verification-child';

/* The parent half. */

/**
 * `secrets` scrubs what the child says when it fails (the caller's registry; anything with `scrub`).
 * The child is another process: inside a run it borrows the run's permits request by request, so
 * MAX_CONCURRENCY still bounds the run.
 */
export function verifyQuietly(request: QuietVerificationRequest, secrets: Pick<SecretRegistry, 'scrub'>, options: QuietVerificationOptions = {}): Promise<JobResults> {
  const child = options.child ?? startVerifierChild({ jobs: request.jobs.length, concurrency: request.concurrency, filesAtOnce: request.filesAtOnce }, options.signal);
  return child.verify(request, secrets);
}

export interface QuietVerificationOptions {
  /**
   * Kills the child when aborted (the run's RUN_TIMEOUT_S, src/runner/run-deadline.ts): the verifier waits on the
   * target one interaction after another, and nothing else would stop it. The promise rejects with the signal's reason.
   */
  readonly signal?: AbortSignal | undefined;
  /** A child started ahead (`startVerifierChild`), with its own signal; without one, a child starts now. */
  readonly child?: VerifierChild | undefined;
}

/** The size of a request, as far as the child's thread pool goes (how many jobs): known before the request itself is. */
export interface VerificationShape {
  readonly jobs: number;
  readonly concurrency?: number | undefined;
  readonly filesAtOnce?: number | undefined;
}

/** A verifier child that has started: it loads pact-js and the verifier until its one request comes. */
export interface VerifierChild {
  /** The child's process id (undefined when it could not be started). */
  readonly pid: number | undefined;
  /** Sends the request (once); the child verifies it, answers and exits. */
  verify(request: QuietVerificationRequest, secrets: Pick<SecretRegistry, 'scrub'>): Promise<JobResults>;
  /** Ends a child that was never sent a request. */
  dispose(): void;
}

/**
 * Starts a verifier child before its request is known: against a far target verify starts the contract-breaks
 * step's child right after its preflight, so pact-js has loaded before the suite workers load their modules
 * (issue 9). `shape` sizes the child's thread pool: it must not be smaller than the request's.
 */
export function startVerifierChild(shape: VerificationShape, signal?: AbortSignal): VerifierChild {
  const child = fork(new URL(import.meta.url), [childFlag], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Each verifier run waits on a thread of libuv's pool while it replays; the pool must keep threads for the
    // child's file reads (the token store) beside them.
    env: { ...process.env, PACT_DO_NOT_TRACK: process.env.PACT_DO_NOT_TRACK ?? 'true', UV_THREADPOOL_SIZE: String(threadPoolSize(shape)) },
    serialization: 'advanced',
    ...(signal && { signal, killSignal: 'SIGKILL' as const }),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString('utf8');
  });
  // From the start: a child that fails while it loads, before its request, is told by these.
  const answered = new Promise<ChildMessage>((resolve) => {
    // The permits' own messages are the lending's (lendPermits listens for them).
    child.on('message', (message: unknown) => {
      if (!isPermitMessage(message) && isChildMessage(message)) resolve(message);
    });
  });
  const ended = new Promise<{ readonly code: number | null } | { readonly error: Error }>((resolve) => {
    child.once('exit', (code) => resolve({ code }));
    child.once('error', (error) => resolve({ error }));
  });
  let sent = false;
  return {
    pid: child.pid,
    async verify(request, secrets) {
      if (sent) throw new UpgradeGuardError('INTERNAL', 'a verifier child verifies one request');
      sent = true;
      if (signal?.aborted) throw stopped(signal);
      const permits = RunPermits.ofRun();
      const endLending = permits ? lendPermits(child, permits) : () => undefined;
      try {
        if (child.connected) child.send({ ...request, permitsLent: permits !== undefined });
        const outcome = await Promise.race([answered.then((message) => ({ message })), ended.then((end) => ({ end }))]);
        if ('message' in outcome) {
          child.disconnect();
          if (outcome.message.kind === 'results') return outcome.message.results;
          throw new UpgradeGuardError('INTERNAL', `provider verification failed: ${secrets.scrub(outcome.message.error)}`);
        }
        if (signal?.aborted) throw stopped(signal);
        if ('error' in outcome.end) throw new UpgradeGuardError('INTERNAL', `provider verification could not start: ${outcome.end.error.message}`);
        throw new UpgradeGuardError('INTERNAL', `provider verification ended with exit code ${outcome.end.code}: ${secrets.scrub(stderr.trim()).slice(-2000)}`);
      } finally {
        endLending();
      }
    },
    dispose() {
      if (!sent && child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A thread for every verifier run the child may have going, and libuv's default four besides (at most its 1024). */
function threadPoolSize(shape: VerificationShape): number {
  const runs = Math.min(shape.concurrency ?? defaultConcurrency, shape.jobs) * Math.max(1, shape.filesAtOnce ?? 1);
  return Math.min(1024, runs + 4);
}

function stopped(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new UpgradeGuardError('TARGET_TIMEOUT', 'provider verification was stopped before it finished');
}

/* The child half: receives the request, verifies each source, sends the verdicts back, exits. */

/** Loaded as the child starts, while its parent is still getting the request ready (`startVerifierChild`). */
const verifierModules = process.argv.includes(childFlag) ? Promise.all([import('./provider-target.ts'), import('./verify-source.ts')]) : undefined;

if (process.argv.includes(childFlag)) {
  // A child started ahead whose parent ended, or went on without it, ends too: nothing else would stop it.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (request: QuietVerificationRequest) => {
    // Before any client of the child is made: each takes its permits where the run's are (src/http/client.ts).
    if (request.permitsLent) RunPermits.lend(borrowedPermits());
    // The child's registry: every target's secrets and every token its clients see (provider-target.ts).
    const secrets = new SecretRegistry();
    runJobs(request, secrets).then(
      (results) => reply({ kind: 'results', results }),
      (error: unknown) => reply({ kind: 'error', error: describe(error, secrets) }),
    );
  });
}

async function runJobs(request: QuietVerificationRequest, secrets: SecretRegistry): Promise<JobResults> {
  for (const job of request.jobs) for (const source of job.sources) if (source.kind === 'broker') secrets.add(source.broker.token);
  const results: (readonly SourceResult[])[] = new Array(request.jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < request.jobs.length; index = next++) {
      const job = request.jobs[index];
      if (job) results[index] = await runJob(job, request, secrets);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(request.concurrency ?? defaultConcurrency, request.jobs.length)) }, worker));
  return results;
}

async function runJob(job: VerificationJob, request: QuietVerificationRequest, secrets: SecretRegistry): Promise<SourceResult[]> {
  // Loaded in the child only: pact-js is heavy, and the parent never verifies.
  const [{ openProviderTarget }, { verifySource, verifyFilesApart }] = await (verifierModules ?? Promise.all([import('./provider-target.ts'), import('./verify-source.ts')]));
  let opened: Awaited<ReturnType<typeof openProviderTarget>>;
  const filesAtOnce = request.permitsLent ? (request.filesAtOnce ?? 1) : 1;
  try {
    // The state setups' requests: one at a time for each verifier run going, so a target that holds them (a drip, a
    // hang) cannot take every permit from the replayed requests. Inside a run the lent permits bound them all.
    opened = await openProviderTarget({ ...job.target, maxConcurrency: filesAtOnce }, secrets);
  } catch (error) {
    return job.sources.map((source) => ({ ok: false, source, error: describe(error, secrets) }));
  }
  const results: SourceResult[] = [];
  try {
    for (const source of job.sources) {
      try {
        const publish = source.kind === 'broker' ? request.publish : undefined;
        const verification =
          source.kind === 'files' && filesAtOnce > 1 && source.files.length > 1
            ? await verifyFilesApart(opened.target, source, filesAtOnce)
            : await verifySource(opened.target, source, publish ? { publish } : {});
        results.push({ ok: true, verification });
      } catch (error) {
        results.push({ ok: false, source, error: describe(error, secrets) });
      }
    }
  } finally {
    await opened.close();
  }
  return results;
}

function describe(error: unknown, secrets: SecretRegistry): string {
  const message = isUpgradeGuardError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  return secrets.scrub(message);
}

function reply(message: ChildMessage): void {
  process.send?.(message, () => process.exit(0));
}
