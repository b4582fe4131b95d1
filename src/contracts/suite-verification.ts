/**
 * The contract suite's provider verification (suites/contracts/contracts.test.ts),
 * worked out by the run's setup, in the process that started vitest
 * (src/runner/run-setup.ts), and handed to the suite's worker: the real Pact
 * Verifier against each target of the project whose contracts are verified.
 * - the project's contracts of the target's version (contracts/pacts/);
 * - the team's own app contracts (PACT_URLS, PACT_DIR, a Pact Broker), when set.
 * In the main process it runs in the run's one verifier child
 * (src/cli/verify.ts) when there is one: pact-js loads once per run.
 */
import type { Config } from '../config/config.ts';
import { pactFilesAtOnce } from '../config/concurrency-policy.ts';
import { stoppedNote } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { contractsSuiteFile, runsFile, type RunProject } from '../run-targets/run-plan.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { runDeadline } from '../http/run-deadline.ts';
import { verifyQuietly, type SourceResult, type VerifierChild } from './quiet-verification.ts';
import type { InteractionOutcome } from './verify-source.ts';
import { hasOwnPacts, platformPactSource, resolveOwnPactSources, type PactSource } from './sources.ts';

/** What kept the team's sources, or the whole verification, from running: each becomes one failed check of the suite. */
export interface SetupProblem {
  readonly id: 'contract.own.sources' | 'contract.run';
  readonly label: string;
  readonly message: string;
  /** The "not run" note when RUN_TIMEOUT_S or a signal stopped it: its check is not run, never failed (src/errors.ts `stoppedNote`). */
  readonly stopped?: string;
}

/**
 * What the suite makes of one source: its interactions' outcomes, or why it could not be verified. Nothing else of the
 * source (a broker's token, the verifier's console report) leaves the run's setup.
 */
export type SourceVerdicts = { readonly ok: true; readonly outcomes: readonly InteractionOutcome[] } | { readonly ok: false; readonly label: string; readonly error: string };

export interface SuiteVerification {
  /** By target (`TargetInfo.project`), for the targets verified: one result per source, the project's contracts first. */
  readonly results: Readonly<Record<string, readonly SourceVerdicts[]>>;
  readonly problems: readonly SetupProblem[];
}

export interface SuiteVerificationInput {
  readonly config: Config;
  readonly runProject: RunProject;
  /** The project's targets, their sessions open (the verifier child logs in with them). */
  readonly targets: readonly TargetInfo[];
  /** The setup's registry: every target's secrets and every token of its logins; the broker token joins them. */
  readonly secrets: SecretRegistry;
  /** The run's verifier child (src/cli/verify.ts); without one, a child starts for this verification. */
  readonly child?: VerifierChild | undefined;
  /** `verify --only`: only the interactions of selected checks are replayed (selected-interactions.ts). */
  readonly checkSelection?: readonly string[] | undefined;
}

/** Never rejects: a verification that cannot run at all is a problem of the result. */
export async function verifySuiteContracts(input: SuiteVerificationInput): Promise<SuiteVerification> {
  const { config, secrets } = input;
  const problems: SetupProblem[] = [];
  // The team's own contracts are verified against every target; the project's own, against the targets of their version.
  const ownSources: PactSource[] = [];
  if (hasOwnPacts(config.pact)) {
    secrets.add(config.pact.broker?.token);
    // Its own limiter, not the run's permits: RUN_TIMEOUT_S comes explicitly, or a broker that never answers would hold
    // the contract suite, and the run's cancellation with it, for REQUEST_TIMEOUT_MS past the deadline.
    const http = new HttpClient({
      timeoutMs: config.requestTimeoutMs,
      maxConcurrency: 2,
      secrets,
      unreachableHint: 'check PACT_URLS / PACT_BROKER_BASE_URL and that the server is up',
      deadline: runDeadline(config),
    });
    try {
      ownSources.push(...(await resolveOwnPactSources(config.pact, http)));
    } catch (error) {
      // A broker fetch the run's deadline or a signal ended is not run, as the verification below.
      const stopped = stoppedNote(error);
      problems.push({ id: 'contract.own.sources', label: 'your own contracts (PACT_URLS, PACT_DIR, PACT_BROKER_BASE_URL)', message: describe(error, secrets), ...(stopped !== undefined && { stopped }) });
    } finally {
      await http.close();
    }
  }
  // The kill matrix leaves the contract suite out of the fault runs whose fault the clean verification never asks about (RunTarget.files).
  const planned = new Map(input.runProject.targets.map((runTarget) => [runTarget.name, runTarget]));
  const verified = input.targets.filter((target) => runsFile(planned.get(target.project), contractsSuiteFile));
  // A verification that could not run leaves each verified target no results, and the problem says why.
  const results: Record<string, readonly SourceVerdicts[]> = Object.fromEntries(verified.map((target) => [target.project, []]));
  try {
    const jobs = verified.map((target) => ({ target, sources: [platformPactSource(target.version), ...ownSources] }));
    const verification = await verifyQuietly(
      {
        jobs,
        ...(config.pact.publish && { publish: config.pact.publish }),
        ...(input.checkSelection && { checkSelection: input.checkSelection }),
        // Against a far target each pact file replays in a verifier run of its own, all within the run's permits.
        filesAtOnce: pactFilesAtOnce(config),
      },
      secrets,
      // RUN_TIMEOUT_S: a child of this verification's own is ended when the run's time is up (the run's child, by its owner's signal).
      { signal: runDeadline(config), child: input.child },
    );
    for (const [index, target] of verified.entries()) results[target.project] = (verification[index] ?? []).map(verdictsOf);
  } catch (error) {
    const stopped = stoppedNote(error);
    problems.push({ id: 'contract.run', label: 'the contracts', message: describe(error, secrets), ...(stopped !== undefined && { stopped }) });
  }
  return { results, problems };
}

function verdictsOf(result: SourceResult): SourceVerdicts {
  return result.ok ? { ok: true, outcomes: result.verification.outcomes } : { ok: false, label: result.source.label, error: result.error };
}

function describe(error: unknown, secrets: SecretRegistry): string {
  return secrets.scrub(error instanceof Error ? error.message : String(error));
}
