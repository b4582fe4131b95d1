/**
 * One run of pact-js's Verifier (the Rust verifier behind it) over one pact
 * source against one target, read back as one outcome per interaction from
 * the verifier's JSON report: passed, failed with the verifier's mismatches,
 * or skipped with the reason (mutation guard, missing fixture). One run
 * covers all files of a source, so both versions verify in a few seconds.
 */
import { Verifier } from '@pact-foundation/pact';
import type { PactPublishConfig } from '../config/pact.ts';
import { processSecrets } from '../http/redact.ts';
import { blockedByMutationGuard, mutationGuardReason, mutationGuardStatus } from './mutation-guard.ts';
import { readPactFile, type PactDocument, type PactInteractionInfo } from './pact-file.ts';
import type { PactSource } from './pact-source.ts';
import type { ProviderTarget } from './provider-target.ts';
import { contractRequestFilter } from './request-filter.ts';
import { providerStateHandlers, type StateProblems } from './state-handlers.ts';
import { parseVerificationReport, type InteractionVerdict, type Mismatch } from './verification-report.ts';
import { buildVerifierOptions } from './verifier-options.ts';

export type OutcomeState = 'passed' | 'failed' | 'skipped';

export interface InteractionOutcome {
  /** `contract.<module>.<slug>` for the project's pacts (their testname), `contract.own.…` for a team's own. */
  readonly checkId: string;
  readonly consumer?: string;
  readonly provider?: string;
  readonly description: string;
  readonly method?: string;
  readonly path?: string;
  readonly states: readonly string[];
  readonly state: OutcomeState;
  /** Why it was skipped. */
  readonly reason?: string;
  /** The verifier's mismatches, for a failure. */
  readonly mismatches: readonly Mismatch[];
}

export interface SourceVerification {
  readonly source: PactSource;
  readonly outcomes: readonly InteractionOutcome[];
  /** The verifier's console report, redacted. */
  readonly output: string;
  readonly durationMs: number;
}

export interface VerifySourceOptions {
  readonly publish?: PactPublishConfig;
}

export class VerificationNotRun extends Error {
  override readonly name = 'VerificationNotRun';
}

export async function verifySource(target: ProviderTarget, source: PactSource, options: VerifySourceOptions = {}): Promise<SourceVerification> {
  process.env.PACT_DO_NOT_TRACK ??= 'true';
  const started = performance.now();
  const documents = source.kind === 'files' ? await Promise.all(source.files.map(readPactFile)) : [];
  const states = providerStateHandlers(target);
  const verifierOptions = buildVerifierOptions({
    providerBaseUrl: target.baseUrl,
    source,
    stateHandlers: states.handlers,
    requestFilter: contractRequestFilter(target, states.gate),
    timeoutMs: target.requestTimeoutMs,
    ...(options.publish && { publish: options.publish }),
    mutationGuardActive: !target.embedded && !target.allowMutations,
  });
  let raw: string;
  try {
    raw = await new Verifier(verifierOptions).verifyProvider();
  } catch (error) {
    // pact-core rejects a failed verification with the JSON report as the message.
    raw = error instanceof Error ? error.message : String(error);
  }
  const cleanUpFailures = await states.cleanUp();
  const report = parseVerificationReport(raw);
  if (!report) throw new VerificationNotRun(`the pact verifier could not run on ${source.label}: ${processSecrets.scrub(raw).slice(0, 500)}`);
  const verdicts = new Map(report.verdicts.map((verdict) => [verdict.description, verdict]));
  const outcomes =
    documents.length > 0
      ? documents.flatMap((document) =>
          document.interactions.map((interaction) => {
            const checkId = source.kind === 'files' && source.checkIds === 'testname' && interaction.testName ? interaction.testName : ownCheckId(document.consumer, interaction.description);
            return fileOutcome(target, document, interaction, checkId, verdicts, states.problems);
          }),
        )
      : report.verdicts.map(reportOutcome);
  const output = [report.output, ...cleanUpFailures].join('\n');
  return { source, outcomes, output: processSecrets.scrub(output), durationMs: performance.now() - started };
}

function fileOutcome(
  target: ProviderTarget,
  document: PactDocument,
  interaction: PactInteractionInfo,
  checkId: string,
  verdicts: ReadonlyMap<string, InteractionVerdict>,
  problems: StateProblems,
): InteractionOutcome {
  const base = {
    checkId,
    consumer: document.consumer,
    provider: document.provider,
    description: interaction.description,
    method: interaction.method,
    path: interaction.path,
    states: interaction.states,
  };
  if (blockedByMutationGuard(target, interaction.method, interaction.path)) return { ...base, state: 'skipped', reason: mutationGuardReason, mismatches: [] };
  // A state that could not be set up decides, whatever the verdict: the request was stopped (request-filter.ts).
  const missing = interaction.states.map((state) => problems.missing.get(state)).find((reason) => reason !== undefined);
  // On a real instance a missing fixture is the user's to name; the embedded platform's seed data always has one, so there it is a fault.
  if (missing !== undefined && !target.embedded) return { ...base, state: 'skipped', reason: missing, mismatches: [] };
  if (missing !== undefined) return { ...base, state: 'failed', mismatches: [{ type: 'ProviderStateSetup', text: `${missing} (the embedded platform's seed data has one)` }] };
  const setupFailures = interaction.states.flatMap((state) => {
    const failure = problems.failed.get(state);
    return failure === undefined ? [] : [{ type: 'ProviderStateSetup', text: failure }];
  });
  if (setupFailures.length > 0) return { ...base, state: 'failed', mismatches: scrubbed(setupFailures) };
  const verdict = verdicts.get(interaction.description);
  if (!verdict) return { ...base, state: 'failed', mismatches: [{ type: 'error', text: 'the verifier reported no result for this interaction' }] };
  if (verdict.passed) return { ...base, state: 'passed', mismatches: [] };
  return { ...base, state: 'failed', mismatches: scrubbed(verdict.mismatches) };
}

/** A broker source: interactions are known only from the report. */
function reportOutcome(verdict: InteractionVerdict): InteractionOutcome {
  const base = { checkId: ownCheckId(undefined, verdict.description), description: verdict.description, states: [] };
  if (verdict.passed) return { ...base, state: 'passed', mismatches: [] };
  const guarded = verdict.mismatches.some((mismatch) => mismatch.type === 'StatusMismatch' && mismatch.actual === String(mutationGuardStatus));
  if (guarded) return { ...base, state: 'skipped', reason: mutationGuardReason, mismatches: [] };
  return { ...base, state: 'failed', mismatches: scrubbed(verdict.mismatches) };
}

export function ownCheckId(consumer: string | undefined, description: string): string {
  return ['contract', 'own', ...(consumer === undefined ? [] : [slug(consumer)]), slug(description)].join('.');
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'interaction'
  );
}

function scrubbed(mismatches: readonly Mismatch[]): Mismatch[] {
  return mismatches.map((mismatch) => ({
    ...mismatch,
    text: processSecrets.scrub(mismatch.text),
    ...(mismatch.expected !== undefined && { expected: processSecrets.scrub(mismatch.expected) }),
    ...(mismatch.actual !== undefined && { actual: processSecrets.scrub(mismatch.actual) }),
  }));
}
