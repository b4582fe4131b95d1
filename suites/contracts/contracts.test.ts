/**
 * Provider verification (issue 4): the real Pact Verifier runs against each
 * run target of the project while this file is collected (in one child
 * process, where the Rust verifier's console report goes nowhere); each
 * interaction then becomes one check with the verifier's verdict.
 * - the project's contracts of the target's version (contracts/pacts/);
 * - the team's own app contracts (PACT_URLS, PACT_DIR, a Pact Broker), when set.
 * A run that cannot happen at all (a broker that cannot be reached) is one
 * failed check naming the source.
 */
import { inject } from 'vitest';
import * as allure from 'allure-js-commons';
import type { CheckLabels } from '../../src/report/annotate.ts';
import { check, forEachTarget } from '../../src/report/check.ts';
import { skipWithReason } from '../../src/report/skip.ts';
import { currentTarget, projectTargets, projectVersion } from '../../src/target/current-target.ts';
import { findCatalogEntry } from '../../src/contracts/catalog-match.ts';
import { hasOwnPacts, resolveOwnPactSources } from '../../src/contracts/own-pact-sources.ts';
import type { PactSource } from '../../src/contracts/pact-source.ts';
import { platformPactSource } from '../../src/contracts/platform-pacts.ts';
import { formatMismatches } from '../../src/contracts/verification-report.ts';
import { verifyQuietly, type JobResults } from '../../src/contracts/quiet-verification.ts';
import type { InteractionOutcome } from '../../src/contracts/verify-source.ts';
import { HttpClient } from '../../src/http/client.ts';
import { processSecrets } from '../../src/http/redact.ts';

const targets = projectTargets();
const version = projectVersion();
const setupProblems: { readonly id: string; readonly label: string; readonly message: string }[] = [];

// The PACT_* variables, validated once with the rest of the configuration by the command that started the run.
const pactConfig = inject('config').pact;
const sources: PactSource[] = [platformPactSource(version)];
if (hasOwnPacts(pactConfig)) {
  const http = new HttpClient({ timeoutMs: targets[0]?.requestTimeoutMs ?? 10_000, maxConcurrency: 2 });
  try {
    sources.push(...(await resolveOwnPactSources(pactConfig, http)));
  } catch (error) {
    setupProblems.push({ id: 'contract.own.sources', label: 'your own contracts (PACT_URLS, PACT_DIR, PACT_BROKER_BASE_URL)', message: describe(error) });
  } finally {
    await http.close();
  }
}

let results: JobResults = [];
try {
  results = await verifyQuietly({ jobs: targets.map((target) => ({ target, sources })), ...(pactConfig.publish && { publish: pactConfig.publish }) });
} catch (error) {
  setupProblems.push({ id: 'contract.run', label: 'the provider verification', message: describe(error) });
}
const resultsByTarget = new Map(targets.map((target, index) => [target.project, results[index] ?? []]));

forEachTarget(() => {
  for (const problem of setupProblems) declareBrokenRun(problem.id, problem.label, problem.message);
  for (const [index, result] of (resultsByTarget.get(currentTarget().project) ?? []).entries()) {
    if (!result.ok) declareBrokenRun(`${index === 0 ? 'contract.platform' : `contract.own.source-${index}`}.run`, result.source.label, result.error);
    else declareOutcomes(result.verification.outcomes);
  }
});

function declareOutcomes(outcomes: readonly InteractionOutcome[]): void {
  const seen = new Map<string, number>();
  for (const outcome of outcomes) {
    const count = (seen.get(outcome.checkId) ?? 0) + 1;
    seen.set(outcome.checkId, count);
    declareInteraction(outcome, count === 1 ? outcome.checkId : `${outcome.checkId}-${count}`);
  }
}

function declareInteraction(outcome: InteractionOutcome, id: string): void {
  check({ id, title: `the target keeps the contract: ${outcome.description}`, labels: labelsOf(outcome), concurrent: true }, async (testContext) => {
    await allure.parameter('pact', `${outcome.consumer ?? 'broker'} → ${outcome.provider ?? version}`);
    if (outcome.state === 'skipped') await skipWithReason(testContext, outcome.reason ?? 'not verified');
    if (outcome.state === 'failed') {
      await allure.attachment('verifier mismatches', JSON.stringify(outcome.mismatches, null, 2), 'application/json');
      throw new Error(`the target breaks the contract "${outcome.description}":\n${formatMismatches(outcome.mismatches)}`);
    }
  });
}

function declareBrokenRun(id: string, label: string, message: string): void {
  check({ id, title: `the contracts of ${label} can be verified`, labels: { module: 'contracts', feature: 'contract', story: label, spec: '§4' } }, async () => {
    throw new Error(message);
  });
}

function describe(error: unknown): string {
  return processSecrets.scrub(error instanceof Error ? error.message : String(error));
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
