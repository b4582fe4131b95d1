/**
 * `check()` is how every suite check is declared: a vitest test whose name
 * ends in its stable id (`[auth.redirect-echo]`), labelled for Allure, run in
 * its target's scope and its own exchange-log scope, with its redacted HTTP
 * exchanges attached whether it passed, failed or skipped. The kill matrix
 * finds checks by id, and reads the faults each check declares (`killedBy`,
 * `observedBy`) from the test's meta, recorded here at registration.
 *
 * A project may hold several run targets (the kill matrix); a check is then
 * registered once per target, inside a `describe` named after it. Files
 * whose checks share hooks wrap them in `forEachTarget()` and their hooks in
 * `inTarget()`.
 */
import { describe, inject, it, type RunnerTestFile, type RunnerTestSuite, type TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import { ExchangeLog } from '../http/exchange-log.ts';
import { gatewayAnswer } from './gateway-answer.ts';
import { runWithExchangeLog } from '../http/exchange-scope.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { collectFor, currentTarget, projectTargets, registeringTarget, runInTarget, targetSecrets } from '../run-targets/current-target.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { suiteContext } from '../run-targets/context.ts';
import type { FaultDeclarations, FaultRef } from '../catalog/faults.ts';
import { findCatalogEntry } from '../catalog/index.ts';
import { annotateCheck, recordObservation, type CheckLabels } from './annotate.ts';
import { brokenVerificationScope, type CheckId } from './check-id.ts';
import { checkMatcher } from './check-selection.ts';
import { recordForConformance } from '../conformance/record.ts';
import { citingSection, readableFailure } from './failure.ts';
import { recordDeprecationSignals } from './deprecation-scan.ts';
import { attachDataChanges } from './data-changes.ts';
import { skipWithReason } from './skip.ts';
import { noAnswerOf, stoppedNote, type NoAnswerCode } from '../errors.ts';
import type { Exchange } from '../http/exchange-log.ts';
import type { HttpClient } from '../http/client.ts';
import { notServedFinding, pathBelow, servedRouteOf, type NotServedFinding } from './not-served.ts';
import { vendorAgreementOf } from './vendor-label.ts';
import { skipNoAnswer } from './no-answer.ts';
import type { VendorAgreement } from '../conformance/vendor-agreement.ts';

/**
 * `killedBy` is required: a check without the faults that make it fail does
 * not compile (DESIGN.md "A check that has never failed is not a check").
 */
export interface CheckDefinition extends FaultDeclarations {
  /** Stable id, dotted: `<area>.<check>`; the kill matrix names checks by it. */
  readonly id: CheckId;
  /** What the check asserts, as a sentence. */
  readonly title: string;
  readonly labels: CheckLabels;
  /** Run alongside the other concurrent checks of the file (requests still go through the shared limiter). */
  readonly concurrent?: boolean;
}

export type CheckBody = (context: TestContext) => Promise<void>;

export function checkName(definition: Pick<CheckDefinition, 'id' | 'title'>): string {
  return `${definition.title} [${definition.id}]`;
}

/** Registers the body's checks and hooks once per run target of the project. */
export function forEachTarget(body: () => void): void {
  for (const target of projectTargets()) describe(target.project, () => collectFor(target, body));
}

/**
 * A hook body bound to the target being registered (use inside forEachTarget). Vitest runs the hooks of a block that
 * holds no test: under `verify --only` that is a block none of whose checks is selected, and its hook is left out, or
 * it would send its requests to the target for nothing (the refresh chain's setup rotates a token family). A hook
 * that undoes another's work is wrapped the same way as that one, so both run or neither does.
 */
export function inTarget<T>(hook: () => Promise<T>): (fixtures: object, block: Readonly<RunnerTestSuite | RunnerTestFile>) => Promise<T | undefined> {
  const target = currentTarget();
  // Vitest reads a hook's first parameter, its fixtures, only through a destructuring pattern.
  return async ({}, block) => (holdsTest(block) ? runInTarget(target, hook) : undefined);
}

function holdsTest(block: Readonly<RunnerTestSuite | RunnerTestFile>): boolean {
  return block.tasks.some((task) => task.type === 'test' || (task.type === 'suite' && holdsTest(task)));
}

/** `verify --only`: a check outside the selection is not registered at all (the summary says the run was a subset). */
const matchers = new Map<string, (id: string) => boolean>();

export function isCheckSelected(id: string): boolean {
  if (brokenVerificationScope(id) !== undefined) return true;
  const globs = inject('checkSelection');
  // Workers outlive a run's files (isolate: false): the matcher is kept per selection, never across selections.
  const key = JSON.stringify(globs ?? null);
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = checkMatcher(globs);
    matchers.set(key, matcher);
  }
  return matcher(id);
}

export function check(definition: CheckDefinition, body: CheckBody): void {
  if (!isCheckSelected(definition.id)) return;
  const bound = registeringTarget();
  if (bound) {
    registerCheck(bound, definition, body);
    return;
  }
  forEachTarget(() => registerCheck(currentTarget(), definition, body));
}

function registerCheck(target: TargetInfo, definition: CheckDefinition, body: CheckBody): void {
  const register = definition.concurrent ? it.concurrent : it;
  // The target is in the meta from registration on: reporters tell a file's targets apart before its checks run.
  const meta = { target: target.project, version: target.version, labels: definition.labels, killedBy: definition.killedBy, ...(definition.observedBy && { observedBy: definition.observedBy }) };
  register(checkName(definition), { meta }, (context) =>
    runInTarget(target, async () => {
      context.task.meta.target = target.project;
      context.task.meta.version = target.version;
      // The target's registry, shared with its clients: what any earlier check of the target met is hidden here too.
      const secrets = targetSecrets(target);
      const log = new ExchangeLog(secrets);
      try {
        await annotateCheck(definition.labels, target.specUrl);
        await allure.parameter('version', target.version);
        await allure.parameter('target', target.project);
        // The tree shows names, not parameters: the target in the name tells an endpoint's 7.4 and 8.0 leaves apart,
        // and sorted by name (allurerc.mjs) they sit next to each other. The history id is the test's, not its name.
        await allure.displayName(`${checkName(definition)} · ${target.project}`);
        await allure.label('check', definition.id);
        await runWithExchangeLog(log, () => body(context));
        // A check that passed on a gateway's answer passed on no answer of the API (a refusal read from a 503 page).
        const gateway = await gatewayAnswer(log.recorded, contextClient);
        if (gateway !== undefined) return await skipNoAnswer(context, 'TARGET_UNREACHABLE', secrets.scrub(gateway));
      } catch (error) {
        // Cut off by RUN_TIMEOUT_S (a request in flight ends then) or a signal: not run, never a failure of the target.
        const stopped = stoppedNote(error);
        if (stopped !== undefined) return await skipCutOff(context, stopped, log.recorded, target);
        // No answer at all (unreachable, reset, timed out): nothing of the spec was checked, and the run says so.
        const noAnswer = noAnswerOf(error);
        if (noAnswer !== undefined) return await skipNoAnswer(context, noAnswer.code, secrets.scrub(noAnswer.message));
        const gateway = isSkip(error) ? undefined : await gatewayAnswer(log.recorded, contextClient).catch(async (probeError: unknown) => {
          const stoppedProbe = stoppedNote(probeError);
          return stoppedProbe === undefined ? Promise.reject(probeError) : skipCutOff(context, stoppedProbe, log.recorded, target);
        });
        if (gateway !== undefined) return await skipNoAnswer(context, 'TARGET_UNREACHABLE', secrets.scrub(gateway));
        // One finding per root cause: a route the spec lists as served that answered 404/405 is its own check's failure.
        const finding = isSkip(error) ? undefined : notServedFinding(log.recorded, target.version, definition.id, target.baseUrl);
        if (finding && isCheckSelected(finding.findingId)) return await skipNotServed(context, finding);
        const endpoint = isSkip(error) ? undefined : findingEndpoint(definition, log.recorded, target);
        if (endpoint !== undefined) context.task.meta.endpoint = endpoint;
        // A contract's promise is its pact, not a section of the spec: its failure names the interaction instead.
        const failure = definition.id.startsWith('contract.') ? readableFailure(error) : citingSection(readableFailure(error), definition.labels.spec);
        if (!isSkip(error)) await labelVendorAgreement(context, failure, await vendorAgreementOf(definition.labels, log.recorded, target.baseUrl, target.version).catch(() => undefined));
        throw scrubError(failure, secrets);
      } finally {
        const exchanges = log.drain();
        // A retried request (src/http/client.ts), or one sent again with a refreshed token after its token expired in
        // flight (src/api/platform-api.ts), makes the check flaky: the summary notes it and Allure marks it (src/report/allure-amendments.ts).
        const retried = [
          ...exchanges.filter((exchange) => exchange.attempts !== undefined).map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname}: ${exchange.attempts} attempts`),
          ...log.drainRenewals().map((request) => `${request}: ${tokenRenewalNote}`),
        ];
        if (retried.length > 0) context.task.meta.retried = retried.join('; ');
        if (retried.some((line) => line.endsWith(tokenRenewalNote))) await recordObservation('token renewed', retried.filter((line) => line.endsWith(tokenRenewalNote)).join('\n'));
        await recordForConformance(target, definition.id, exchanges);
        await recordDeprecationSignals(context, exchanges);
        await attachDataChanges(context);
        if (exchanges.length > 0) {
          await allure.attachment('HTTP exchanges (redacted)', JSON.stringify(exchanges, null, 2), 'application/json');
        }
      }
    }),
  );
}

/** How a request sent again with a refreshed token is named in the check's flaky note and observation. */
const tokenRenewalNote = 'refused 403 with its token at expiry, sent again once with a refreshed token (spec §5.7, §5.8)';

declare module 'vitest' {
  export interface TaskMeta {
    /** The check's Allure labels, from registration on: one the run's end kept from starting is still filed under its module. */
    labels?: CheckLabels;
    /** The faults the check declares it fails under (CheckDefinition.killedBy). */
    killedBy?: readonly FaultRef[];
    /** The faults the check declares it turns into an observation under. */
    observedBy?: readonly FaultRef[];
    /** The requests the HTTP client had to send more than once (`GET /x: 2 attempts`): the check is flaky. */
    retried?: string;
    /** The endpoint a failed check's finding is about (`GET /rest/mp/v1.1/ai-tagging`): the summary groups failures by it. */
    endpoint?: string;
    /** The target gave no answer to the check (src/check/no-answer.ts): the code of what happened. */
    noAnswer?: NoAnswerCode;
    /** The check a skipped check waits for (`not checked: … is not served`): that check holds the finding. */
    finding?: string;
    /** The check passed the mutation guard (src/check/mutation-guard.ts): it creates or changes data on the target. */
    changesData?: boolean;
    /** The vendor's document of the target's version explains the failure (src/conformance/vendor-agreement.ts). */
    vendorAgreement?: VendorAgreement;
  }
}

/**
 * A failure the vendor's own document explains is the platform departing from the spec, not a broken staging: the
 * message says so on a line of its own, the result carries it (the migration report's column) and Allure files it
 * under a category of its own (allurerc.mjs, label `vendorAgreement`).
 */
async function labelVendorAgreement(context: TestContext, failure: unknown, agreement: VendorAgreement | undefined): Promise<void> {
  if (agreement === undefined) return;
  context.task.meta.vendorAgreement = agreement;
  await allure.label('vendorAgreement', agreement.kind);
  await allure.label('vendorDocument', agreement.document);
  if (failure instanceof Error) failure.message = `${failure.message}\n${agreement.text}`;
}

/**
 * A check RUN_TIMEOUT_S or a signal cut off is not run, as vitest's cancellation reports the checks it stopped
 * (src/cli/cut-short-reports.ts), never a failure: the endpoint did nothing wrong. One that changes data (it passed the mutation guard) and had
 * already sent such a request says so in its reason, naming them: the target may hold what it created, its clean-up
 * cut off too (a request in flight ends at the deadline, src/http/run-permits.ts). A POST search the catalog marks
 * read-only and a request to the CAS (a token refresh) change no data of the target's modules.
 */
async function skipCutOff(context: TestContext, note: string, exchanges: readonly Exchange[], target: TargetInfo): Promise<never> {
  const sent = context.task.meta.changesData ? exchanges.filter((exchange) => mayChangeData(exchange, target)) : [];
  const changing = [...new Set(sent.map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname}`))];
  const leftBehind = changing.length === 0 ? '' : `, after it sent ${changing.join(', ')}: what it created or changed on the target may not have been cleaned up`;
  return skipWithReason(context, `${note}${leftBehind}`);
}

/** A request to the CAS (its base address, or an endpoint the instance has elsewhere) changes no platform data. */
function isCasExchange(url: string, target: TargetInfo): boolean {
  const endpoints = [target.authUrl, target.authEndpoints?.authorization?.url, target.authEndpoints?.token?.url];
  return endpoints.some((endpoint) => endpoint !== undefined && url.startsWith(endpoint));
}

/** The current target's client, for the one question a gateway's answer may raise (src/check/gateway-answer.ts). */
async function contextClient(): Promise<Pick<HttpClient, 'request'>> {
  return (await suiteContext()).http;
}

/** vitest's own skip (`context.skip`) travels as a thrown PendingError: it is not a failure to convert. */
function isSkip(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'VITEST_PENDING';
}

/** Not checked: the endpoint is not served, the finding of the check named (src/check/not-served.ts). */
export async function skipNotServed(context: TestContext, finding: NotServedFinding): Promise<never> {
  context.task.meta.endpoint = finding.endpoint;
  return skipForFinding(context, finding.findingId, finding.reason);
}

/**
 * Not checked: another check's failure took this one's premise away (a refresh that did not rotate leaves no old
 * token to refuse). One root cause is one finding: the reports count this check under that one's.
 */
export async function skipBecauseOf(context: TestContext, findingId: CheckId, premiseLost: string): Promise<never> {
  return skipForFinding(context, findingId, `not checked: ${premiseLost} (finding ${findingId})`);
}

async function skipForFinding(context: TestContext, findingId: string, reason: string): Promise<never> {
  context.task.meta.finding = findingId;
  await allure.label('finding', findingId);
  return skipWithReason(context, reason);
}

/**
 * What a failed check is about, for grouping findings by endpoint: its story when that names an endpoint (the
 * module checks), else the last catalog endpoint it called; none for a flow (the OAuth checks: the module endpoint
 * they probe with a token is not what they find about).
 */
function findingEndpoint(definition: CheckDefinition, exchanges: readonly Exchange[], target: TargetInfo): string | undefined {
  if (definition.id.startsWith('auth.')) return undefined;
  if (/^(GET|POST|PUT|PATCH|DELETE) \//.test(definition.labels.story)) return definition.labels.story;
  for (const exchange of [...exchanges].reverse()) {
    const route = servedRouteOf(exchange.method, exchange.url, target.version, target.baseUrl);
    if (route) return route.endpoint;
  }
  return undefined;
}

/** Methods that change nothing on the target (RFC 9110 §9.2.1). */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function mayChangeData(exchange: Exchange, target: TargetInfo): boolean {
  if (readOnlyMethods.has(exchange.method) || isCasExchange(exchange.url, target)) return false;
  return findCatalogEntry(exchange.method, pathBelow(exchange.url, target.baseUrl))?.entry.mutating !== false;
}

/**
 * A failure message travels to the console and into Allure. Scrub every
 * known secret out of it (and out of the diff's actual / expected), in case
 * an assertion compared raw tokens.
 */
function scrubError(error: unknown, secrets: SecretRegistry): unknown {
  if (!(error instanceof Error)) return error;
  error.message = secrets.scrub(error.message);
  if (error.stack) error.stack = secrets.scrub(error.stack);
  const diffable = error as Error & { actual?: unknown; expected?: unknown };
  for (const key of ['actual', 'expected'] as const) {
    if (!(key in diffable)) continue;
    const text = typeof diffable[key] === 'string' ? diffable[key] : JSON.stringify(diffable[key]);
    if (text !== undefined && secrets.scrub(text) !== text) diffable[key] = secrets.scrub(text);
  }
  return error;
}
