/**
 * Runs provider verification in a child process. The Rust verifier prints
 * its whole report to the process's stdout (file descriptor 1, past any
 * Node stream, and no option turns it off); in a child whose stdout goes
 * nowhere, the run stays quiet and the verdicts come back over IPC. The
 * report itself is not lost: it is in every outcome's mismatches and in
 * `output`. The child opens the full user's session from the shared token
 * store, as a suite worker does.
 */
import { fork } from 'node:child_process';
import type { PactPublishConfig } from '../config/pact.ts';
import { UpgradeGuardError } from '../errors.ts';
import { processSecrets } from '../http/redact.ts';
import type { TargetInfo } from '../target/target-info.ts';
import type { PactSource } from './pact-source.ts';
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
}

/** One result per source: its verification, or why it could not run. */
export type SourceResult = { readonly ok: true; readonly verification: SourceVerification } | { readonly ok: false; readonly source: PactSource; readonly error: string };

/** Per job, in the order of the request: one result per source. */
export type JobResults = readonly (readonly SourceResult[])[];

export type ChildMessage = { readonly kind: 'results'; readonly results: JobResults } | { readonly kind: 'error'; readonly error: string };

const childScript = new URL('./quiet-verification-child.ts', import.meta.url);

export function verifyQuietly(request: QuietVerificationRequest): Promise<JobResults> {
  return new Promise((resolve, reject) => {
    const child = fork(childScript, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, PACT_DO_NOT_TRACK: process.env.PACT_DO_NOT_TRACK ?? 'true' },
      serialization: 'advanced',
    });
    let stderr = '';
    let settled = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString('utf8');
    });
    child.on('message', (message: ChildMessage) => {
      settled = true;
      child.disconnect();
      if (message.kind === 'results') resolve(message.results);
      else reject(new UpgradeGuardError('INTERNAL', `provider verification failed: ${processSecrets.scrub(message.error)}`));
    });
    child.on('error', (error) => {
      if (!settled) reject(new UpgradeGuardError('INTERNAL', `provider verification could not start: ${error.message}`));
      settled = true;
    });
    child.on('exit', (code) => {
      if (!settled) reject(new UpgradeGuardError('INTERNAL', `provider verification ended with exit code ${code}: ${processSecrets.scrub(stderr.trim()).slice(-2000)}`));
      settled = true;
    });
    child.send(request);
  });
}
