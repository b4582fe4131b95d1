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
 * Inside a run the child borrows the run's permits (src/http/lent-permits.ts),
 * and against a far target (`filesAtOnce`) replays each pact file of a source
 * in a verifier run of its own, all at once within them.
 */
import { fork } from 'node:child_process';
import type { PactPublishConfig } from '../config/pact.ts';
import { VERIFIER_JOBS_AT_ONCE } from '../config/concurrency-policy.ts';
import { LOCKED_TASK_FILE_OPERATIONS_MS, lockOperationsSettled, stopTakingLocks } from '../auth/file-lock.ts';
import { UpgradeGuardError, errorLine } from '../errors.ts';
import { SecretRegistry } from '../http/redact.ts';
import { loadTypeScriptWith } from '../node-arguments.ts';
import { borrowedPermits, isPermitMessage, lendPermits } from '../http/lent-permits.ts';
import { RunPermits } from '../http/run-permits.ts';
import { removeTemporaryFolder, temporaryFolder } from '../files/temporary-folder.ts';
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
  /** `verify --only`: the check-id globs; a source of pact files replays only the interactions of selected checks. */
  readonly checkSelection?: readonly string[];
  /** Set by the parent half with `checkSelection`: the folder of its own where the child writes the narrowed pact files. */
  readonly selectedPacts?: string;
  /** Set by the parent half: it lends the child the run's permits (src/http/lent-permits.ts). */
  readonly permitsLent?: boolean;
}

/** One result per source: its verification, or why it could not run. */
export type SourceResult = { readonly ok: true; readonly verification: SourceVerification } | { readonly ok: false; readonly source: PactSource; readonly error: string };

/** Per job, in the order of the request: one result per source. */
export type JobResults = readonly (readonly SourceResult[])[];

type ChildMessage =
  | { readonly kind: 'results'; readonly id: number; readonly results: JobResults }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
type ParentMessage = { readonly kind: 'verify'; readonly id: number; readonly request: QuietVerificationRequest };

const isChildMessage = (message: unknown): message is ChildMessage =>
  typeof message === 'object' && message !== null && 'kind' in message && (message.kind === 'results' || message.kind === 'error') && 'id' in message;

const isParentMessage = (message: unknown): message is ParentMessage => typeof message === 'object' && message !== null && 'kind' in message && message.kind === 'verify';

const childFlag = '--upgrade-guard-verification-child';

/* The parent half. */

/** `secrets` scrubs what the child says when it fails (the caller's registry; anything with `scrub`). */
export async function verifyQuietly(request: QuietVerificationRequest, secrets: Pick<SecretRegistry, 'scrub'>, options: QuietVerificationOptions = {}): Promise<JobResults> {
  if (options.child) return options.child.verify(request, secrets);
  const child = startVerifierChild({ jobs: request.jobs.length, concurrency: request.concurrency, filesAtOnce: request.filesAtOnce }, options.signal);
  try {
    return await child.verify(request, secrets);
  } finally {
    child.close();
  }
}

export interface QuietVerificationOptions {
  /**
   * Ends the child when aborted (the run's RUN_TIMEOUT_S, src/http/run-deadline.ts): the verifier waits on the
   * target one interaction after another, and nothing else would stop it. The child first lets a refresh-token
   * rotation it is making reach the token store. The promise rejects with the signal's reason.
   */
  readonly signal?: AbortSignal | undefined;
  /** The run's verifier child (`startVerifierChild`), with its own signal, closed by its owner; without one, a child starts now. */
  readonly child?: VerifierChild | undefined;
}

/** The size of the requests a child will serve, as far as its thread pool goes (how many jobs): known before they are. */
export interface VerificationShape {
  readonly jobs: number;
  readonly concurrency?: number | undefined;
  readonly filesAtOnce?: number | undefined;
}

/** A verifier child: it loads pact-js and the verifier as it starts, then verifies each request it is sent. */
export interface VerifierChild {
  /** The child's process id (undefined until it starts, or when it could not be started). */
  readonly pid: number | undefined;
  /** Sends a request; the child verifies it beside any other it was sent, and answers. */
  verify(request: QuietVerificationRequest, secrets: Pick<SecretRegistry, 'scrub'>): Promise<JobResults>;
  /** No request follows: the child ends once it has answered those it was sent (at once, when it was sent none). */
  close(): void;
}

/**
 * Starts a verifier child before its requests are known. A verify run keeps one for all its verifications (the
 * contract-breaks step's and the contract suite's): pact-js loads once, not once per step, and against a
 * far target it has loaded before the suite workers load their modules. `shape` sizes the child's thread pool: it
 * must cover every request the child will verify at once.
 */
export function startVerifierChild(shape: VerificationShape, signal?: AbortSignal): VerifierChild {
  const child = fork(new URL(import.meta.url), [childFlag], {
    // pact-js loads natively, before tsx (src/load-typescript.mjs): the contract suite waits for the child's start.
    execArgv: loadTypeScriptWith('@pact-foundation/pact'),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Each verifier run waits on a thread of libuv's pool while it replays; the pool must keep threads for the
    // child's file reads (the token store) beside them.
    env: { ...process.env, PACT_DO_NOT_TRACK: process.env.PACT_DO_NOT_TRACK ?? 'true', UV_THREADPOOL_SIZE: String(threadPoolSize(shape)) },
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString('utf8');
  });
  const pending = new Map<number, { readonly resolve: (message: ChildMessage) => void; readonly reject: (error: Error) => void }>();
  // The child's stderr may speak of any request it was sent: it is scrubbed with every sender's registry.
  const registries: Pick<SecretRegistry, 'scrub'>[] = [];
  const scrubbedStderr = (): string => registries.reduce((text, registry) => registry.scrub(text), stderr.trim());
  let nextId = 0;
  let closing = false;
  let endLending: (() => void) | undefined;
  let end: { readonly code: number | null } | { readonly error: Error } | undefined;
  const disconnectWhenIdle = (): void => {
    if (closing && pending.size === 0 && child.connected) child.disconnect();
  };
  // The permits' own messages are the lending's (lendPermits listens for them).
  child.on('message', (message: unknown) => {
    if (isPermitMessage(message) || !isChildMessage(message)) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    waiter.resolve(message);
    disconnectWhenIdle();
  });
  // From the start: a child that fails while it loads, before any request, is told by these.
  const onEnd = (ended: NonNullable<typeof end>): void => {
    end ??= ended;
    endLending?.();
    for (const waiter of pending.values()) waiter.reject(endError(end, signal, scrubbedStderr()));
    pending.clear();
  };
  child.once('exit', (code) => onEnd({ code }));
  child.once('error', (error) => onEnd({ error }));
  // RUN_TIMEOUT_S: a child that was sent a request may be rotating a refresh token in the shared store (spec §5.8), so
  // it is told to end and ends once that has settled (the child half's disconnect); one that was sent none is still
  // loading, before it listens, and holds nothing. Its requests then fail with the deadline's error (`endError`).
  const stopAtDeadline = (): void => {
    if (nextId === 0) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    } else if (child.connected) child.disconnect();
  };
  if (signal?.aborted) stopAtDeadline();
  else if (signal) {
    signal.addEventListener('abort', stopAtDeadline, { once: true });
    child.once('exit', () => signal.removeEventListener('abort', stopAtDeadline));
  }
  return {
    pid: child.pid,
    async verify(request, secrets) {
      if (closing) throw new UpgradeGuardError('INTERNAL', 'a closed verifier child takes no request');
      if (signal?.aborted) throw stopped(signal);
      registries.push(secrets);
      if (end) throw endError(end, signal, scrubbedStderr());
      // Lent from the first request on, until the child ends: every request of the child takes the run's permits.
      const permits = RunPermits.ofRun();
      if (permits && !endLending) endLending = lendPermits(child, permits);
      const id = nextId++;
      const answered = new Promise<ChildMessage>((resolve, reject) => pending.set(id, { resolve, reject }));
      // verify --only: the pact files the child narrows go to a folder of this half's, removed once the request is
      // answered or failed, even when the child was ended first (selected-interactions.ts).
      const selectedPacts = request.checkSelection ? temporaryFolder('upgrade-guard-selected-pacts-') : undefined;
      try {
        // A send that fails (the child just ended) is told by the child's end, which answers every pending request.
        if (child.connected) child.send({ kind: 'verify', id, request: { ...request, permitsLent: permits !== undefined, ...(selectedPacts && { selectedPacts }) } } satisfies ParentMessage, () => undefined);
        const message = await answered;
        if (message.kind === 'results') return message.results;
        throw new UpgradeGuardError('INTERNAL', `provider verification failed: ${secrets.scrub(message.message)}`);
      } finally {
        // A folder that will not go is no reason to lose the verdicts.
        if (selectedPacts) await removeTemporaryFolder(selectedPacts).catch(() => undefined);
      }
    },
    close() {
      closing = true;
      // A child that was never sent a request may still be loading, before it listens for the disconnect.
      if (nextId === 0 && child.exitCode === null) child.kill('SIGKILL');
      else disconnectWhenIdle();
    },
  };
}

/** Why a request got no answer: the run's deadline, or the child's end. */
function endError(end: { readonly code: number | null } | { readonly error: Error }, signal: AbortSignal | undefined, stderr: string): Error {
  if (signal?.aborted) return stopped(signal);
  if ('error' in end) return new UpgradeGuardError('INTERNAL', `provider verification could not start: ${end.error.message}`);
  return new UpgradeGuardError('INTERNAL', `provider verification ended with exit code ${end.code}: ${stderr.slice(-2000)}`);
}

/** A thread for every verifier run the child may have going, and libuv's default four besides (at most its 1024). */
function threadPoolSize(shape: VerificationShape): number {
  const runs = Math.min(shape.concurrency ?? VERIFIER_JOBS_AT_ONCE, shape.jobs) * Math.max(1, shape.filesAtOnce ?? 1);
  return Math.min(1024, runs + 4);
}

function stopped(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new UpgradeGuardError('TARGET_TIMEOUT', 'provider verification was stopped before it finished');
}

/* The child half: receives the request, verifies each source, sends the verdicts back, exits. */

/**
 * The child ends with its parent's channel: its owner closed it, or ended, or went on without it, or the run's time
 * ran out. It takes no lock of the token store from then on, and ends once its lock operations settle
 * (src/auth/file-lock.ts): a refresh it is making reaches the token store first (the spent refresh token's successor
 * must not be lost, spec §5.8), and a task waiting for the lock gives up rather than being ended while it takes it.
 * Then it ends at once: an exit that waits for the verifier's native threads can wait forever while one is still
 * replaying.
 */
export function endWithParentChannel(): void {
  const end = (): void => void process.kill(process.pid, 'SIGKILL');
  process.once('disconnect', () => {
    // Each locked task is bounded: its grant by REQUEST_TIMEOUT_MS, and its file operations by within-time.ts; a task
    // still taking the lock gives up at its next attempt. Past the longest request this child was sent and those, the
    // child ends anyway.
    setTimeout(end, longestRequestMs + LOCKED_TASK_FILE_OPERATIONS_MS).unref();
    stopTakingLocks(() => new UpgradeGuardError('TARGET_TIMEOUT', 'not sent: the run ended before this task took the token store lock'));
    // A task that gave up rejects only once it no longer counts: its caller's handler runs before the end.
    void lockOperationsSettled().then(() => setImmediate(end));
  });
  // A channel that closed before the listener was there (the parent ended while the child loaded) fires no event.
  if (!process.connected) end();
}

/** The longest REQUEST_TIMEOUT_MS of the targets this child was sent (`endWithParentChannel`'s bound). */
let longestRequestMs = 0;

/** Loaded as the child starts, while its parent is still getting the request ready (`startVerifierChild`). */
const verifierModules = process.argv.includes(childFlag) ? Promise.all([import('./provider-target.ts'), import('./verify-source.ts')]) : undefined;

if (process.argv.includes(childFlag)) {
  endWithParentChannel();
  // A terminal's Ctrl-C reaches the whole process group, this child too: its parent decides (src/cli/interruption.ts)
  // and ends it through the channel, once a refresh-token rotation it is making has reached the token store.
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.on(name, () => undefined);
  // The child's registry: every target's secrets and every token its clients see (provider-target.ts).
  const secrets = new SecretRegistry();
  let borrowing = false;
  process.on('message', (message: unknown) => {
    if (!isParentMessage(message)) return;
    const { id, request } = message;
    for (const job of request.jobs) longestRequestMs = Math.max(longestRequestMs, job.target.requestTimeoutMs);
    // Before any client of the child is made: each takes its permits where the run's are (src/http/client.ts).
    if (request.permitsLent && !borrowing) {
      borrowing = true;
      RunPermits.lend(borrowedPermits());
    }
    // Past RUN_TIMEOUT_S no permit is granted, and the parent has closed the channel: a verdict that would read a
    // request the deadline kept back as the target's silence never reaches it (the parent reports the deadline).
    runJobs(request, secrets).then(
      (results) => reply({ kind: 'results', id, results }),
      (error: unknown) => reply({ kind: 'error', id, message: describe(error, secrets) }),
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
  await Promise.all(Array.from({ length: Math.max(1, Math.min(request.concurrency ?? VERIFIER_JOBS_AT_ONCE, request.jobs.length)) }, worker));
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
  const verify = (source: PactSource): Promise<SourceVerification> => {
    if (source.kind === 'files' && filesAtOnce > 1 && source.files.length > 1) return verifyFilesApart(opened.target, source, filesAtOnce);
    const publish = source.kind === 'broker' ? request.publish : undefined;
    return verifySource(opened.target, source, publish ? { publish } : {});
  };
  const results: SourceResult[] = [];
  try {
    for (const source of job.sources) {
      try {
        const verification = source.kind === 'files' && request.checkSelection ? await verifySelected(source, request.checkSelection, request.selectedPacts, verify) : await verify(source);
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

/** `verify --only`: only the interactions of the selected checks are replayed (selected-interactions.ts). */
async function verifySelected(
  source: Extract<PactSource, { kind: 'files' }>,
  checkSelection: readonly string[],
  selectedPacts: string | undefined,
  verify: (source: PactSource) => Promise<SourceVerification>,
): Promise<SourceVerification> {
  if (selectedPacts === undefined) throw new UpgradeGuardError('INTERNAL', 'a selection came without a folder for its narrowed pact files');
  const { selectedInteractions } = await import('./selected-interactions.ts');
  const selected = await selectedInteractions(source, checkSelection, selectedPacts);
  try {
    if (selected.source.files.length === 0) return { source, outcomes: [], output: '', durationMs: 0 };
    return { ...(await verify(selected.source)), source };
  } finally {
    await selected.close();
  }
}

function describe(error: unknown, secrets: SecretRegistry): string {
  return secrets.scrub(errorLine(error));
}

/** An answer to a parent that closed the channel (its deadline, its end) goes nowhere, and does not end the child. */
function reply(message: ChildMessage): void {
  if (process.connected) process.send?.(message, () => undefined);
}
