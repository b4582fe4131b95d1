/**
 * The cross-version run: the contracts of one version verified against a
 * target of another (7.4 contracts against 8.0), each failure set against
 * what the catalog documents for that endpoint (documented-breaks.ts):
 * - a failure every mismatch of which a documented change explains is a
 *   documented break;
 * - any other failure is an undocumented break, the finding a pre-upgrade
 *   run exists for;
 * - a documented break (`removed`, `breaking`, body type) that holds is
 *   reported too: the target contradicts the documentation.
 * A mismatch a listed departure names (src/conformance/departures.ts) is documented too; an endpoint not served on
 * the new version, and an interaction that fails on the old side, are not compared (cross-version-findings.ts).
 * An identifier the new version deprecates may or may not break (spec §9.3);
 * when it holds it is listed as a deprecation old clients still rely on.
 *
 * The `to` target is the embedded platform when no BASE_URL is set, else the
 * configured target, which must be of that version. contract-breaks.ts runs
 * the comparison as a step of `verify` and writes its report.
 */
import type { DataChange } from '../check/data-changes.ts';
import type { Config } from '../config/config.ts';
import { pactFilesAtOnce } from '../config/concurrency-policy.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { CrossVersionRequest } from './cross-version-request.ts';
import { startEmbeddedTarget } from '../run-targets/embedded.ts';
import { remoteTarget } from '../run-targets/remote.ts';
import { openSessions } from '../run-targets/sessions.ts';
import { runDeadline } from '../http/run-deadline.ts';
import { reportTraffic } from '../run-targets/traffic.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { documentedChanges } from './documented-breaks.ts';
import { departureFor, fromSideOf, interactionNotServed } from './cross-version-findings.ts';
import type { RunCheck } from './cross-version-findings.ts';
import { verifyQuietly, type VerifierChild } from './quiet-verification.ts';
import { platformPactSource } from './sources.ts';
import { formatMismatches, gotNoResponse } from './verification-report.ts';
import type { InteractionOutcome, SourceVerification } from './verify-source.ts';

export type BreakOutcome = 'broke' | 'held' | 'skipped';

export interface ContractBreak {
  /** The interaction's description. */
  readonly interaction: string;
  readonly checkId: string;
  /** `METHOD path-template` from the catalog. */
  readonly endpoint: string;
  /** The catalog documents what happened (a break it explains, or a held identifier deprecation). */
  readonly documented: boolean;
  readonly outcome: BreakOutcome;
  /** What the catalog says about the endpoint between the versions: `break`, `may-break`, or `hold` (nothing). */
  readonly expected: 'break' | 'may-break' | 'hold';
  /** The documented changes, one line each, with spec sections. */
  readonly changes: readonly string[];
  /** The verifier's mismatches, one per line ('' when it held). */
  readonly mismatch: string;
  /** Why the interaction was not verified. */
  readonly reason?: string;
  /** Not compared because its endpoint is not served on the new version: the check that holds that finding. */
  readonly finding?: string;
  /** Not compared because the old contract failed on a target of the old version in the same run. */
  readonly fromSideBroke?: true;
  /** Not verified because the target gave no response (a reset, a timeout): the comparison is incomplete. */
  readonly noResponse?: true;
  /** What the interaction's requests changed on the target, and whether it was undone (the reports list them). */
  readonly dataChanges?: readonly DataChange[];
}

export interface ContractBreaksSection {
  readonly from: PlatformVersion;
  readonly to: PlatformVersion;
  /** The target's base URL or `embedded 8.0`. */
  readonly target: string;
  /** Every interaction of the old contracts, classified. */
  readonly interactions: readonly ContractBreak[];
  readonly counts: {
    readonly total: number;
    readonly documentedBreaks: number;
    readonly undocumentedBreaks: number;
    /** Documented breaks (`break`) that held. */
    readonly unbrokenDocumentedBreaks: number;
    readonly held: number;
    readonly skipped: number;
    /** Of the skipped: those the target gave no response for. */
    readonly unanswered: number;
  };
  /** No undocumented break, every documented break broke, and every interaction got a response (or was skipped by choice). */
  readonly exact: boolean;
  readonly durationMs: number;
}

export interface CompareOptions {
  readonly pactDir?: string;
  /** RUN_TIMEOUT_S: the verifier child is ended when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Pact files replayed at once (quiet-verification.ts); against a far target they overlap. */
  readonly filesAtOnce?: number;
  /** The run's verifier child (quiet-verification.ts `startVerifierChild`); without one, one starts here. */
  readonly child?: VerifierChild | undefined;
}

/** Verifies the `from` contracts against `target` (sessions open) and classifies every interaction. */
export async function compareContracts(target: TargetInfo, from: PlatformVersion, secrets: SecretRegistry, options: CompareOptions = {}): Promise<ContractBreaksSection> {
  const request = { jobs: [{ target, sources: [platformPactSource(from, options.pactDir)] }], ...(options.filesAtOnce !== undefined && { filesAtOnce: options.filesAtOnce }) };
  const [result] = (await verifyQuietly(request, secrets, { signal: options.signal, child: options.child }))[0] ?? [];
  if (!result?.ok) throw new UpgradeGuardError('INTERNAL', `the ${from} contracts could not be verified against ${target.project}: ${result?.error ?? 'no result'}`);
  return classifyContracts(result.verification, from, target.version, target.embedded ? `embedded ${target.version}` : target.baseUrl);
}

/** The comparison itself, on a finished verification. */
export function classifyContracts(verification: SourceVerification, from: PlatformVersion, to: PlatformVersion, target: string): ContractBreaksSection {
  const interactions = verification.outcomes.map((outcome) => classify(outcome, from, to));
  return { from, to, target, interactions, ...tally(interactions), durationMs: verification.durationMs };
}

export function isUnbrokenBreak(entry: ContractBreak): boolean {
  return entry.outcome === 'held' && entry.expected === 'break';
}

function classify(outcome: InteractionOutcome, from: PlatformVersion, to: PlatformVersion): ContractBreak {
  const { endpoint, changes } = documentedChanges(outcome.method ?? 'GET', outcome.path ?? '', from, to);
  const expected = changes.some((change) => change.expected === 'break') ? 'break' : changes.length > 0 ? 'may-break' : 'hold';
  const base = { interaction: outcome.description, checkId: outcome.checkId, endpoint, expected, changes: changes.map((change) => change.summary), ...(outcome.dataChanges && { dataChanges: outcome.dataChanges }) } as const;
  if (outcome.state === 'skipped') return { ...base, outcome: 'skipped', documented: changes.length > 0, mismatch: '', ...(outcome.reason !== undefined && { reason: outcome.reason }) };
  if (outcome.state === 'passed') return { ...base, outcome: 'held', documented: expected === 'may-break', mismatch: '' };
  // A request stopped before it reached the target (its provider state could not be set up) has no answer to compare.
  const setup = outcome.mismatches.filter((mismatch) => mismatch.type === 'ProviderStateSetup');
  if (setup.length > 0) {
    return { ...base, outcome: 'skipped', documented: changes.length > 0, mismatch: '', reason: `not compared: its provider state could not be set up (${formatMismatches(setup)})` };
  }
  // A break is a response that violates the contract. Where the verifier had no response to compare (a timeout,
  // a reset: it reports an error, not mismatches), the interaction is not compared, with the reason, never a break.
  if (gotNoResponse(outcome)) {
    return { ...base, outcome: 'skipped', documented: changes.length > 0, mismatch: '', reason: `not compared: no response to compare (${formatMismatches(outcome.mismatches)})`, noResponse: true };
  }
  // An endpoint the spec lists as served on `to` answering 404/405 is its served check's finding, not a contract break.
  const notServed = interactionNotServed(outcome, to);
  if (notServed) {
    const reason = `not compared: ${notServed.endpoint} is not served on ${to} (${notServed.status}; finding ${notServed.findingId})`;
    return { ...base, outcome: 'skipped', documented: changes.length > 0, mismatch: formatMismatches(outcome.mismatches), reason, finding: notServed.findingId };
  }
  // Undocumented means that neither the spec (the catalog's changes) nor the listed departures name the mismatch.
  const departures = outcome.mismatches.map((mismatch) => (changes.some((change) => change.explains(mismatch)) ? undefined : departureFor(outcome, mismatch, to)));
  const explained = outcome.mismatches.every((mismatch, index) => changes.some((change) => change.explains(mismatch)) || departures[index] !== undefined);
  // A documented break names the changes that explain it; an undocumented one keeps all, for context.
  const explaining = changes.filter((change) => outcome.mismatches.some((mismatch) => change.explains(mismatch)));
  const named = [...new Set(departures.flatMap((row) => (row ? [`a listed departure of the vendor's documents (spec ${row.spec}): ${row.why}`] : [])))];
  return {
    ...base,
    changes: explained ? [...explaining.map((change) => change.summary), ...named] : changes.map((change) => change.summary),
    outcome: 'broke',
    documented: explained,
    mismatch: formatMismatches(outcome.mismatches),
  };
}

/**
 * A break counts only where the old interaction holds on the old side: an interaction whose own contract check failed
 * on a target of `from` in the same run (`checks`, the run's results) is not compared. A run without a target of
 * `from` leaves the section as it is.
 */
export function judgedAgainstFromSide(section: ContractBreaksSection, checks: readonly RunCheck[]): ContractBreaksSection {
  const interactions = section.interactions.map((entry): ContractBreak => {
    if (entry.outcome !== 'broke' || fromSideOf(entry.checkId, section.from, checks) !== 'broke') return entry;
    const reason = `not compared: the ${section.from} contract does not hold on the ${section.from} target of this run (${entry.checkId} failed there); a break counts only where it holds`;
    return { ...entry, outcome: 'skipped', reason, fromSideBroke: true };
  });
  return { ...section, interactions, ...tally(interactions) };
}

function tally(interactions: readonly ContractBreak[]): Pick<ContractBreaksSection, 'counts' | 'exact'> {
  const count = (predicate: (entry: ContractBreak) => boolean): number => interactions.filter(predicate).length;
  const counts = {
    total: interactions.length,
    documentedBreaks: count((entry) => entry.outcome === 'broke' && entry.documented),
    undocumentedBreaks: count((entry) => entry.outcome === 'broke' && !entry.documented),
    unbrokenDocumentedBreaks: count(isUnbrokenBreak),
    held: count((entry) => entry.outcome === 'held'),
    skipped: count((entry) => entry.outcome === 'skipped'),
    unanswered: count((entry) => entry.noResponse === true),
  };
  // Nothing compared is not "as documented": an interaction without a response leaves the verdict open.
  return { counts, exact: counts.undocumentedBreaks === 0 && counts.unbrokenDocumentedBreaks === 0 && counts.unanswered === 0 };
}

/* Running it against a target of the `to` version. */

/** `child`: the run's verifier child (quiet-verification.ts `startVerifierChild`), closed by its owner; without one, one starts here. */
export async function runCrossVersion(config: Config, request: CrossVersionRequest, secrets: SecretRegistry, child?: VerifierChild): Promise<ContractBreaksSection> {
  if (request.from === request.to) throw new UpgradeGuardError('USAGE', `--from and --to must name two versions (both are ${request.from})`);
  if (config.remote && config.remote.version !== request.to) {
    throw new UpgradeGuardError('USAGE', `--to ${request.to} needs a target of that version; TARGET_VERSION is ${config.remote.version}`);
  }
  const runTarget = { name: `contracts ${request.from} on ${request.to}`, version: request.to, faults: request.faults ?? [] };
  const resolved = config.remote ? remoteTarget(config, runTarget) : await startEmbeddedTarget(config, runTarget);
  try {
    // RUN_TIMEOUT_S: the verifier child is ended when the run's time is up, and the comparison is "not compared".
    const sessions = await openSessions(resolved.target, secrets, (line) => process.stdout.write(`${line}\n`));
    return await compareContracts(sessions, request.from, secrets, { signal: runDeadline(config), filesAtOnce: pactFilesAtOnce(config), child });
  } finally {
    // verify --latency-ms: this step's own embedded target served these (src/run-targets/traffic.ts).
    if (resolved.traffic) await reportTraffic(config.reportsDir, runTarget.name, runTarget.version, resolved.traffic());
    await resolved.close();
  }
}


