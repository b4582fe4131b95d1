/**
 * One run of pact-js's Verifier (the Rust verifier behind it) over one pact
 * source against one target, read back as one outcome per interaction from
 * the verifier's JSON report: passed, failed with the verifier's mismatches,
 * or skipped with the reason (mutation guard, missing fixture). One run
 * covers all files of a source, so both versions verify in a few seconds.
 *
 * The Verifier's options are built by a pure function (unit-tested without
 * a broker):
 * - `providerBaseUrl` is the target; `requestFilter` and `stateHandlers`
 *   come from the caller;
 * - files and URLs go to `pactUrls`; a broker source sets the broker URL,
 *   token, provider name and consumer version selectors;
 * - results are published only for a broker source with PACT_PUBLISH_RESULTS
 *   (its `publish` settings), and never while the mutation guard blocks
 *   interactions, which would be published as failures;
 * - the log level stays at `error`: pact-js's debug tracing would log
 *   request headers, the bearer token among them.
 */
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import pLimit from 'p-limit';
import type { PactPublishConfig } from '../config/pact.ts';
import { UpgradeGuardError } from '../errors.ts';
import { readPactFile, type PactDocument, type PactInteractionInfo } from './pact-file.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { RunPermits } from '../http/run-permits.ts';
import type { ProviderTarget } from './provider-target.ts';
import { contractRequestFilter, dataChangeBlock, heldBackKey, irreversibleGuardReason, irreversibleGuardStatus, isMutatingRequest, mutationGuardReason, mutationGuardStatus, stateGateStatus, type RequestFilter } from './request-filter.ts';
import { mutationAndIrreversibleGuardReason } from './guard-reasons.ts';
import { contractChange, type ContractOwner } from './contract-data-changes.ts';
import type { DataChange } from '../check/data-changes.ts';
import type { NoAnswerCode } from '../errors.ts';
import { gatewayNoAnswer, isGatewayStatus, isUnansweredThroughRetries, silentHost, silentHostNoAnswer } from '../http/gateway-status.ts';
import { catchProxyTransportErrors, transportFailureKey, type TransportFailures } from './proxy-transport-errors.ts';
import { retriedForward } from './retried-forward.ts';
import type { PactSource } from './sources.ts';
import { providerStateHandlers, type StateCleanUp, type StateProblems, type StateSetup } from './state-handlers.ts';
import { noResponseMismatch, parseVerificationReport, silenceCode, type InteractionVerdict, type Mismatch } from './verification-report.ts';

export type OutcomeState = 'passed' | 'failed' | 'skipped';

export interface InteractionOutcome {
  /** `contract.<module>.<slug>` for the project's pacts (their testname), `contract.own.…` for a team's own. */
  readonly checkId: string;
  readonly consumer?: string;
  readonly provider?: string;
  readonly description: string;
  readonly method?: string;
  readonly path?: string;
  /** The request's path was generated from a provider state: its ids are the target's own, never the pact's examples. */
  readonly pathFromProviderState?: boolean;
  readonly states: readonly string[];
  readonly state: OutcomeState;
  /** Why it was skipped. */
  readonly reason?: string;
  /** The verifier's mismatches, for a failure. */
  readonly mismatches: readonly Mismatch[];
  /** Its request had to be sent more than once (`GET /x: 2 attempts`, retried-forward.ts): the check is flaky. */
  readonly retried?: string;
  /** What its request changed on the target and whether the run undid it (contract-data-changes.ts), for the ledger. */
  readonly dataChanges?: readonly DataChange[];
  /** The target gave it no answer (src/check/no-answer.ts): the code of what happened. */
  readonly noAnswer?: NoAnswerCode;
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
  // Before pact-js makes its proxy: a target's reset must fail one interaction, not the process.
  const transportFailures = catchProxyTransportErrors();
  const started = performance.now();
  const documents = source.kind === 'files' ? await Promise.all(source.files.map(readPactFile)) : [];
  const states = providerStateHandlers(target);
  const owner: ContractOwner = source.kind === 'files' && source.checkIds === 'testname' ? 'project' : 'team';
  const verifierOptions = buildVerifierOptions({
    providerBaseUrl: target.baseUrl,
    source,
    stateHandlers: states.handlers,
    // The verifier's requests share the target's count of timeouts in a row with the state setups' (one client).
    requestFilter: contractRequestFilter(target, states.gate, { baseUrl: target.baseUrl, requestTimeoutMs: target.requestTimeoutMs, client: target.api.http }, RunPermits.ofRun(), owner),
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
  // A setup the verifier gave up on may still be running: its reason decides the interaction's (fileOutcome).
  await states.settled();
  const cleanUps = await states.cleanUp();
  const report = parseVerificationReport(raw);
  if (!report) throw new VerificationNotRun(`the pact verifier could not run on ${source.label}: ${target.secrets.scrub(raw).slice(0, 500)}`);
  const verdicts = new Map(report.verdicts.map((verdict) => [verdict.description, verdict]));
  // A request sent once (a POST) that a gateway answered is silence only when the host gives no answer either: asked
  // once for the whole verification, and only when one did.
  const sentOnceToGateway = documents.some((document) =>
    document.interactions.some((interaction) => {
      const gateway = gatewayStatusOf(verdicts.get(interaction.description));
      return gateway !== undefined && !isUnansweredThroughRetries(interaction.method, gateway);
    }),
  );
  const silent = sentOnceToGateway ? await silentHost(target.api.http, target.baseUrl) : undefined;
  const outcomes =
    documents.length > 0
      ? documents.flatMap((document) =>
          document.interactions.map((interaction) => {
            const checkId = interactionCheckId(source, document.consumer, interaction);
            return withDataChanges(fileOutcome(target, owner, document, interaction, checkId, verdicts, states.problems, transportFailures, silent), owner, cleanUps);
          }),
        )
      : report.verdicts.map((verdict) => reportOutcome(verdict, target.secrets, target.allowIrreversible === true));
  const cleanUpFailures = [...cleanUps].flatMap(([state, cleanUp]) => (cleanUp.undone ? [] : [`clean-up of "${state}": ${cleanUp.detail}`]));
  const output = [report.output, ...cleanUpFailures].join('\n');
  return { source, outcomes, output: target.secrets.scrub(output), durationMs: performance.now() - started };
}

/**
 * A source of pact files replayed file by file, `filesAtOnce` verifier runs at a time, as one verification: the
 * interactions of one file stay in order, the files overlap (against a far target, one run over all files would be
 * one long chain of requests). A run that could not happen makes the whole source's failure, as one run's would.
 */
export async function verifyFilesApart(target: ProviderTarget, source: Extract<PactSource, { kind: 'files' }>, filesAtOnce: number): Promise<SourceVerification> {
  const started = performance.now();
  const parts: Promise<SourceVerification>[] = [];
  const limit = pLimit(Math.max(1, filesAtOnce));
  for (const file of source.files) parts.push(limit(() => verifySource(target, { ...source, files: [file] })));
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((part) => part.status === 'rejected');
  if (failed) throw failed.reason;
  const verifications = settled.flatMap((part) => (part.status === 'fulfilled' ? [part.value] : []));
  return {
    source,
    outcomes: verifications.flatMap((verification) => verification.outcomes),
    output: verifications.map((verification) => verification.output).join('\n'),
    durationMs: performance.now() - started,
  };
}

export interface VerifierOptionsInput {
  readonly providerBaseUrl: string;
  readonly source: PactSource;
  readonly stateHandlers: Readonly<Record<string, StateSetup>>;
  readonly requestFilter: RequestFilter;
  /** Per-request timeout of the verifier, ms. */
  readonly timeoutMs: number;
  /** PACT_PUBLISH_RESULTS=true: the version (and branch) to publish for. */
  readonly publish?: PactPublishConfig;
  /** Whether the mutation guard blocks mutating interactions on this target. */
  readonly mutationGuardActive: boolean;
}

export function buildVerifierOptions(input: VerifierOptionsInput): VerifierOptions {
  const { source } = input;
  const common = {
    providerBaseUrl: input.providerBaseUrl,
    stateHandlers: { ...input.stateHandlers },
    requestFilter: input.requestFilter,
    logLevel: 'error',
    timeout: input.timeoutMs,
  } as const satisfies VerifierOptions;
  switch (source.kind) {
    case 'files':
      return { ...common, pactUrls: [...source.files] };
    case 'urls':
      return { ...common, pactUrls: [...source.urls], ...(source.token !== undefined && { pactBrokerToken: source.token }) };
    case 'broker': {
      const { broker } = source;
      if (input.publish && input.mutationGuardActive) {
        throw new UpgradeGuardError(
          'CONFIG_INVALID',
          'PACT_PUBLISH_RESULTS=true against a real target needs ALLOW_MUTATIONS=true: interactions the mutation guard skips would be published as failures',
        );
      }
      return {
        ...common,
        provider: broker.providerName,
        pactBrokerUrl: broker.url,
        ...(broker.token !== undefined && { pactBrokerToken: broker.token }),
        consumerVersionSelectors: broker.consumerVersionSelectors.map((selector) => ({ ...selector })),
        failIfNoPactsFound: false,
        ...(input.publish
          ? {
              publishVerificationResult: true,
              providerVersion: input.publish.providerVersion,
              ...(input.publish.providerBranch !== undefined && { providerVersionBranch: input.publish.providerBranch }),
            }
          : { publishVerificationResult: false }),
      };
    }
  }
}

/**
 * One interaction of a pact file, judged: the mutation guard, its provider states' problems (a state that could not be
 * set up decides), then the verifier's verdict, read for what the target did.
 */
export function fileOutcome(
  target: Pick<ProviderTarget, 'embedded' | 'allowMutations' | 'allowIrreversible' | 'secrets' | 'baseUrl'>,
  owner: ContractOwner,
  document: PactDocument,
  interaction: PactInteractionInfo,
  checkId: string,
  verdicts: ReadonlyMap<string, InteractionVerdict>,
  problems: StateProblems,
  transportFailures: TransportFailures,
  silent: string | undefined,
): InteractionOutcome {
  const base = {
    checkId,
    consumer: document.consumer,
    provider: document.provider,
    description: interaction.description,
    method: interaction.method,
    path: interaction.path,
    ...(interaction.pathFromProviderState === true && { pathFromProviderState: true }),
    states: interaction.states,
  };
  const block = dataChangeBlock(target, interaction.method, interaction.path, owner);
  if (block) return { ...base, state: 'skipped', reason: block.reason, mismatches: [] };
  // A state that could not be set up decides, whatever the verdict: the request was stopped (request-filter.ts).
  const guarded = isMutatingRequest(interaction.method, interaction.path) ? interaction.states.map((state) => problems.guarded.get(state)).find((reason) => reason !== undefined) : undefined;
  if (guarded !== undefined) return { ...base, state: 'skipped', reason: guarded, mismatches: [] };
  const missing = interaction.states.map((state) => problems.missing.get(state)).find((reason) => reason !== undefined);
  // On a real instance a missing fixture is the user's to name; the embedded platform's seed data always has one, so there it is a fault.
  if (missing !== undefined && !target.embedded) return { ...base, state: 'skipped', reason: missing, mismatches: [] };
  if (missing !== undefined) return { ...base, state: 'failed', mismatches: [{ type: 'ProviderStateSetup', text: `${missing} (the embedded platform's seed data has one)` }] };
  const setupFailures = interaction.states.flatMap((state) => {
    const failure = problems.failed.get(state);
    return failure === undefined ? [] : [{ type: 'ProviderStateSetup', text: failure }];
  });
  if (setupFailures.length > 0) return { ...base, state: 'failed', mismatches: scrubbed(setupFailures, target.secrets) };
  // A setup request without a response: the interaction's request was stopped (request-filter.ts), so nothing was compared.
  const unanswered = interaction.states.flatMap((state) => {
    const reason = problems.unanswered.get(state);
    return reason === undefined ? [] : [{ type: noResponseMismatch, text: `setting up "${state}": ${reason}` }];
  });
  if (unanswered.length > 0) return { ...base, state: 'failed', noAnswer: silenceCode(unanswered[0]?.text ?? ''), mismatches: scrubbed(unanswered, target.secrets) };
  const verdict = verdicts.get(interaction.description);
  if (!verdict) return { ...base, state: 'failed', mismatches: [{ type: noResponseMismatch, text: 'the verifier reported no result for this interaction' }] };
  const retried = retriedForward(target.baseUrl, interaction.method, interaction.path);
  if (verdict.passed) return { ...base, state: 'passed', mismatches: [], ...(retried !== undefined && { retried }) };
  // The request filter's own stop. This interaction's own states had no problem (those decided above): the state that
  // held it back was left by an interaction before it, whose setup the verifier gave up on while it waited for the
  // target (its request never came). Nothing of this interaction reached the target: not checked, never a finding.
  if (verdict.mismatches.some((mismatch) => mismatch.type === 'StatusMismatch' && mismatch.actual === String(stateGateStatus))) {
    const held = problems.heldBack.get(heldBackKey(interaction.method, interaction.path));
    const text = `${interaction.method} ${interaction.path} was not sent: the request filter held it back (HTTP ${stateGateStatus}), as the provider state set up before it${held ? `, "${held.state}" of an interaction the verifier gave up on, was not set up: ${held.reason}` : ' was not set up'}`;
    const unanswered = held !== undefined && problems.unanswered.get(held.state) === held.reason;
    if (unanswered) return { ...base, state: 'failed', noAnswer: silenceCode(held.reason), mismatches: scrubbed([{ type: noResponseMismatch, text }], target.secrets) };
    return { ...base, state: 'skipped', reason: target.secrets.scrub(text), mismatches: [] };
  }
  // A gateway's status that stayed through the forwarder's retries, or that a request sent once got while the host
  // gives no answer either, is no answer of the API (src/http/gateway-status.ts).
  const gateway = gatewayStatusOf(verdict);
  const silence =
    gateway === undefined ? undefined
    : isUnansweredThroughRetries(interaction.method, gateway) ? gatewayNoAnswer(interaction.method, interaction.path, gateway)
    : silent === undefined ? undefined
    : silentHostNoAnswer(`${interaction.method.toUpperCase()} ${interaction.path}`, gateway, silent);
  if (silence !== undefined) return { ...base, state: 'failed', noAnswer: 'TARGET_UNREACHABLE', mismatches: [{ type: noResponseMismatch, text: silence.message }] };
  // The verifier's own words for a request the proxy could not forward are about the proxy; say what the target did.
  const noResponse = verdict.mismatches.every((mismatch) => mismatch.type === noResponseMismatch) ? transportFailures.get(transportFailureKey(target.baseUrl, interaction.method, interaction.path)) : undefined;
  if (noResponse !== undefined) return { ...base, state: 'failed', noAnswer: silenceCode(noResponse), mismatches: [{ type: noResponseMismatch, text: `${interaction.method} ${interaction.path}: ${noResponse}` }] };
  return { ...base, state: 'failed', mismatches: scrubbed(verdict.mismatches, target.secrets) };
}

/** The gateway's status (502, 503, 504) a verdict's status mismatch names, if one does. */
function gatewayStatusOf(verdict: InteractionVerdict | undefined): number | undefined {
  const status = Number(verdict?.mismatches.find((mismatch) => mismatch.type === 'StatusMismatch')?.actual);
  return isGatewayStatus(status) ? status : undefined;
}

/** A broker source: interactions are known only from the report. */
function reportOutcome(verdict: InteractionVerdict, secrets: SecretRegistry, allowIrreversible: boolean): InteractionOutcome {
  const base = { checkId: ownCheckId(undefined, verdict.description), description: verdict.description, states: [] };
  if (verdict.passed) return { ...base, state: 'passed', mismatches: [] };
  const guarded = (status: number): boolean => verdict.mismatches.some((mismatch) => mismatch.type === 'StatusMismatch' && mismatch.actual === String(status));
  // A team's own contract's change is never undone by the run (request-filter.ts): the mutation guard names both opt-ins.
  const ownChange = "upgrade-guard cannot undo what a team's own contract changes";
  if (guarded(mutationGuardStatus)) return { ...base, state: 'skipped', reason: allowIrreversible ? mutationGuardReason : mutationAndIrreversibleGuardReason(ownChange), mismatches: [] };
  if (guarded(irreversibleGuardStatus)) return { ...base, state: 'skipped', reason: irreversibleGuardReason(ownChange), mismatches: [] };
  return { ...base, state: 'failed', mismatches: scrubbed(verdict.mismatches, secrets) };
}

/**
 * The ledger entry of an interaction whose request reached the target and could change data: what it changed and
 * whether the run undid it (the teardown of its provider state, contract-data-changes.ts). A request the guard or a
 * failed state setup stopped changed nothing.
 */
function withDataChanges(outcome: InteractionOutcome, owner: ContractOwner, cleanUps: ReadonlyMap<string, StateCleanUp>): InteractionOutcome {
  const { method, path } = outcome;
  if (method === undefined || path === undefined || !isMutatingRequest(method, path)) return outcome;
  if (outcome.state === 'skipped' || outcome.mismatches.some((mismatch) => mismatch.type === 'ProviderStateSetup')) return outcome;
  // A request the target refused with a 4xx was not processed (RFC 9110 §15.5): it changed nothing. A 5xx may have.
  const status = Number(outcome.mismatches.find((mismatch) => mismatch.type === 'StatusMismatch')?.actual);
  if (Number.isInteger(status) && status >= 400 && status < 500) return outcome;
  const request = `${method.toUpperCase()} ${path}`;
  const change = owner === 'project' ? contractChange(method, path) : undefined;
  const entry = (undone: DataChange['undone'], target: string, detail: string): InteractionOutcome => ({ ...outcome, dataChanges: [{ request, target, undone, detail }] });
  if (change === undefined) return entry('not undone', 'data of the target', "a team's own contract: upgrade-guard cannot undo what it changes");
  const { undo } = change;
  if ('unchanged' in undo) return entry('unchanged', change.what, undo.unchanged);
  if ('irreversible' in undo) return entry('not undone', change.what, undo.irreversible);
  const cleanUp = outcome.states.map((state) => cleanUps.get(state)).find((result) => result !== undefined);
  if (cleanUp === undefined) return entry('not undone', change.what, 'no clean-up ran for its provider state');
  if (cleanUp.undone) return entry(undo.outcome, change.what, cleanUp.detail);
  return entry('not undone', change.what, cleanUp.expected ? cleanUp.detail : `the clean-up failed: ${cleanUp.detail}`);
}

/** An interaction's check id: its testname in the project's pacts, `contract.own.<consumer>.<description>` otherwise. */
export function interactionCheckId(source: PactSource, consumer: string, interaction: Pick<PactInteractionInfo, 'description' | 'testName'>): string {
  return source.kind === 'files' && source.checkIds === 'testname' && interaction.testName ? interaction.testName : ownCheckId(consumer, interaction.description);
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

function scrubbed(mismatches: readonly Mismatch[], secrets: SecretRegistry): Mismatch[] {
  return mismatches.map((mismatch) => ({
    ...mismatch,
    text: secrets.scrub(mismatch.text),
    ...(mismatch.expected !== undefined && { expected: secrets.scrub(mismatch.expected) }),
    ...(mismatch.actual !== undefined && { actual: secrets.scrub(mismatch.actual) }),
  }));
}
