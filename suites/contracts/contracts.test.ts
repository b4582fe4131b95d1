/**
 * Provider verification: the real Pact Verifier runs against each
 * run target of the project in verify's own process when this file asks for
 * it (src/runner/run-setup.ts, suite-verification.ts); this file imports
 * its verdicts as a module the run's setup serves, and each interaction
 * becomes one check with the verifier's verdict.
 * - the project's contracts of the target's version (contracts/pacts/);
 * - the team's own app contracts (PACT_URLS, PACT_DIR, a Pact Broker), when set.
 * A run that cannot happen at all (a broker that cannot be reached) is one
 * failed check naming the source.
 */
import { inject } from 'vitest';
import * as allure from 'allure-js-commons';
import type { FaultDeclarations } from '../../src/catalog/faults.ts';
import type { CheckLabels } from '../../src/check/annotate.ts';
import { check, forEachTarget, isCheckSelected, skipNotServed } from '../../src/check/check.ts';
import { isCheckId, type CheckId } from '../../src/check/check-id.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { recordDataChange } from '../../src/check/data-changes.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { currentTarget, projectTargets, targetSecrets } from '../../src/run-targets/current-target.ts';
import { findCatalogEntry } from '../../src/catalog/index.ts';
import { contractCheckId } from '../../src/contracts/sources.ts';
import type { SetupProblem } from '../../src/contracts/suite-verification.ts';
// Never a failure: what kept the verification from running comes as its problems (suite-verification.ts).
import verification from 'virtual:upgrade-guard/contract-verification';
import { formatMismatches, gotNoResponse } from '../../src/contracts/verification-report.ts';
import { skipNoAnswer } from '../../src/check/no-answer.ts';
import type { InteractionOutcome } from '../../src/contracts/verify-source.ts';
import { interactionNotChecked, interactionNotServed } from '../../src/contracts/cross-version-findings.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';

const targets = projectTargets();

// The broker token is a secret of every target's checks (PACT_* validated once by the command that started the run).
for (const target of targets) targetSecrets(target).add(inject('config').pact.broker?.token);
const resultsByTarget = new Map(Object.entries(verification.results));
const setupProblems: readonly SetupProblem[] = verification.problems.map((problem) => ({ ...problem, message: scrub(problem.message) }));
// The consumer contracts (and Pact's matchers, with ramda) load once the verdicts are in, not while the suite workers
// start together on the run's cores: only their fault declarations are read here.
const { moduleContracts } = await import('../../contracts/consumer/index.ts');

/** The faults each of the project's interactions of a version declares (contracts/consumer/<module>.pact.ts), by check id. */
function declarationsOf(version: PlatformVersion): Map<string, FaultDeclarations> {
  return new Map<string, FaultDeclarations>(
    moduleContracts.flatMap((contracts) =>
      (contracts.versions[version] ?? []).map((interaction) => [contractCheckId(contracts.module, interaction.slug), interaction] as const),
    ),
  );
}
/** A team's own contracts are theirs, not ours: no simulator fault is meant to break them. */
const ownContract: FaultDeclarations = { killedBy: [] };

forEachTarget(() => {
  const target = currentTarget();
  const targetResults = resultsByTarget.get(target.project);
  if (!targetResults) return;
  for (const problem of setupProblems) declareBrokenRun(problem.id, problem.label, problem.message, problem.stopped);
  for (const [index, result] of targetResults.entries()) {
    if (!result.ok) declareBrokenRun(index === 0 ? 'contract.platform.run' : `contract.own.source-${index}.run`, index === 0 ? result.label : `the contracts of ${result.label}`, result.error);
    else declareOutcomes(result.outcomes, index === 0 ? declarationsOf(target.version) : undefined, target.version);
  }
});

/** `declarations`: those of the project's own contracts; undefined for a team's contracts. */
function declareOutcomes(outcomes: readonly InteractionOutcome[], declarations: Map<string, FaultDeclarations> | undefined, version: PlatformVersion): void {
  const seen = new Map<string, number>();
  for (const outcome of outcomes) {
    const count = (seen.get(outcome.checkId) ?? 0) + 1;
    seen.set(outcome.checkId, count);
    const id = count === 1 ? outcome.checkId : `${outcome.checkId}-${count}`;
    // A pact of ours that no definition names (a stale file) declares nothing: the kill matrix then finds it unkilled.
    declareInteraction(outcome, contractId(id), declarations ? (declarations.get(id) ?? { killedBy: [] }) : ownContract, version);
  }
}

/** Every id the verification reports starts with `contract.` (pact testnames, ownCheckId); the fallback only keeps the type. */
function contractId(id: string): CheckId {
  return isCheckId(id) ? id : `contract.${id}`;
}

function declareInteraction(outcome: InteractionOutcome, id: CheckId, faults: FaultDeclarations, version: PlatformVersion): void {
  check({ id, title: `the target keeps the contract: ${outcome.description}`, labels: labelsOf(outcome), concurrent: true, ...faults }, async (testContext) => {
    await allure.parameter('pact', `${outcome.consumer ?? 'broker'} → ${outcome.provider ?? version}`);
    // A request the verifier's forwarder had to send again (src/contracts/retried-forward.ts): flaky, as a check's own.
    if (outcome.retried !== undefined) testContext.task.meta.retried = outcome.retried;
    // What the interaction's request changed on the target, and whether the run undid it: the run's ledger.
    for (const change of outcome.dataChanges ?? []) recordDataChange(testContext, change);
    if (outcome.state === 'skipped') await skipWithReason(testContext, outcome.reason ?? 'not verified');
    if (outcome.state === 'failed') {
      await allure.attachment('verifier mismatches', JSON.stringify(outcome.mismatches, null, 2), 'application/json');
      // One finding per root cause: an endpoint the spec lists as served that answered 404/405 to a request about the
      // route (not a made-up id) is its served check's failure; the interaction waits for it, when that check runs.
      const notChecked = interactionNotChecked(outcome, version);
      if (notChecked && isCheckSelected(notChecked.findingId)) await skipNotServed(testContext, notChecked);
      // Otherwise (an example id's 404, the served check left out by --only) it fails, and the headline names the finding.
      const notServed = interactionNotServed(outcome, version);
      if (notServed) throw targetBreak(`the target breaks the contract "${outcome.description}" because ${notServed.endpoint} is not served (${notServed.status}; finding ${notServed.findingId}):\n${formatMismatches(outcome.mismatches)}`);
      // No response says nothing of the contract: not checked, and the run ends with what happened (src/check/no-answer.ts).
      if (outcome.noAnswer !== undefined) return skipNoAnswer(testContext, outcome.noAnswer, `the contract "${outcome.description}": ${formatMismatches(outcome.mismatches).trim()}`);
      if (gotNoResponse(outcome)) throw targetBreak(`the verifier reported no response for the contract "${outcome.description}": ${formatMismatches(outcome.mismatches)}`);
      throw targetBreak(`the target breaks the contract "${outcome.description}":
${formatMismatches(outcome.mismatches)}`);
    }
  });
}

/**
 * `label`: what could not be verified, as a reader names it (`the 8.0 contracts`, `the contracts of PACT_URLS`).
 * `stopped`: the run's deadline or a signal stopped it (its "not run" note), so the check is not run rather than failed.
 */
function declareBrokenRun(id: CheckId, label: string, message: string, stopped?: string): void {
  const definition = {
    id,
    title: `${label} can be verified`,
    labels: { module: 'contracts', feature: 'contract', story: label, spec: '§4' },
    // It exists only when the run itself broke (no clean run has it), so no fault is meant to make it fail.
    killedBy: [],
  } as const;
  check(definition, async (test) => {
    if (stopped !== undefined) return skipWithReason(test, stopped);
    // The migration report's finding is named by what could not be verified ("contracts not verified: the 8.0 contracts").
    test.task.meta.endpoint = label;
    throw new Error(message);
  });
}

/** The file's setup serves every target of the project: its messages are scrubbed of every target's secrets. */
function scrub(text: string): string {
  return targets.reduce((out, target) => targetSecrets(target).scrub(out), text);
}

function labelsOf(outcome: InteractionOutcome): CheckLabels {
  const match = outcome.method !== undefined && outcome.path !== undefined ? findCatalogEntry(outcome.method, outcome.path) : undefined;
  const endpoint = match ? (match.replacement && match.entry.replacement ? match.entry.replacement : match.entry) : undefined;
  return {
    module: match ? match.entry.module : 'contracts',
    feature: 'contract',
    story: endpoint ? `${endpoint.method} ${endpoint.path}` : `${outcome.method ?? ''} ${outcome.path ?? outcome.description}`.trim(),
    spec: match?.entry.specSection ?? '§4',
  };
}
