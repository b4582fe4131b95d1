/**
 * The child side of quiet-verification.ts: receives the target and the pact
 * sources, verifies each, sends the verdicts back, exits. Its stdout, where
 * the Rust verifier prints, goes nowhere.
 */
import { isUpgradeGuardError } from '../errors.ts';
import { processSecrets } from '../http/redact.ts';
import { openProviderTarget } from './open-provider-target.ts';
import type { ChildMessage, JobResults, QuietVerificationRequest, SourceResult, VerificationJob } from './quiet-verification.ts';
import { verifySource } from './verify-source.ts';

process.once('message', (request: QuietVerificationRequest) => {
  run(request).then(
    (results) => reply({ kind: 'results', results }),
    (error: unknown) => reply({ kind: 'error', error: describe(error) }),
  );
});

async function run(request: QuietVerificationRequest): Promise<JobResults> {
  for (const job of request.jobs) for (const source of job.sources) if (source.kind === 'broker') processSecrets.add(source.broker.token);
  const results: (readonly SourceResult[])[] = new Array(request.jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < request.jobs.length; index = next++) {
      const job = request.jobs[index];
      if (job) results[index] = await runJob(job, request);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(request.concurrency ?? 4, request.jobs.length)) }, worker));
  return results;
}

async function runJob(job: VerificationJob, request: QuietVerificationRequest): Promise<SourceResult[]> {
  let opened: Awaited<ReturnType<typeof openProviderTarget>>;
  try {
    opened = await openProviderTarget(job.target);
  } catch (error) {
    return job.sources.map((source) => ({ ok: false, source, error: describe(error) }));
  }
  const results: SourceResult[] = [];
  try {
    for (const source of job.sources) {
      try {
        const publish = source.kind === 'broker' ? request.publish : undefined;
        results.push({ ok: true, verification: await verifySource(opened.target, source, publish ? { publish } : {}) });
      } catch (error) {
        results.push({ ok: false, source, error: describe(error) });
      }
    }
  } finally {
    await opened.close();
  }
  return results;
}

function describe(error: unknown): string {
  const message = isUpgradeGuardError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  return processSecrets.scrub(message);
}

function reply(message: ChildMessage): void {
  process.send?.(message, () => process.exit(0));
}
