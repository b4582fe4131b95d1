/**
 * The outcome of one suite run, per check, read off vitest's test modules.
 * verify's summary, the migration report and the kill matrix all read this
 * one shape.
 */
import type { TestCase, TestModule } from 'vitest/node';
import type { FaultRef } from '../catalog/faults.ts';
import { checkIdPattern } from '../check/check-id.ts';
import { neverRanNote, notRunPrefix, vitestCancelNote } from '../errors.ts';
import type { SuiteTimings } from './timings.ts';
import type { DeprecationSignal } from '../http/deprecation-headers.ts';
import type { DataChange } from '../check/data-changes.ts';
import type { VendorAgreement } from '../conformance/vendor-agreement.ts';
import type { CheckLabels } from '../check/annotate.ts';
import type { NoAnswerCode } from '../errors.ts';

export type CheckState = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  /** The run target (`embedded 8.0`, `fault code-reusable 7.4`). */
  readonly project: string;
  /** The target's platform version, where the check recorded it. */
  readonly version?: string;
  readonly file: string;
  /** The check id from the test name, or the full name for a test that is not a check. */
  readonly id: string;
  readonly name: string;
  readonly state: CheckState;
  /** The skip reason, for skipped checks. */
  readonly note?: string;
  /** For a skipped check, its Allure labels: one the run's end kept from starting wrote none (src/report/allure-amendments.ts). */
  readonly labels?: CheckLabels;
  /** The first error's message, for failed checks (already free of secrets: checks never put them in messages). */
  readonly error?: string;
  /** What the target did, as the check recorded it (`observe()`). */
  readonly observed?: string;
  /** The Deprecation / Sunset signals of the responses the check saw (RFC 9745, RFC 8594). */
  readonly deprecationHeaders?: readonly DeprecationSignal[];
  /** The faults the check declares it fails under (`check({ killedBy })`); the kill matrix reads them. */
  readonly killedBy?: readonly FaultRef[];
  /** The faults the check declares it turns into an observation under. */
  readonly observedBy?: readonly FaultRef[];
  /** The endpoint a failed check's finding is about, or the one a skipped check could not reach (`GET /rest/mp/v1.1/…`). */
  readonly endpoint?: string;
  /** For a check the target gave no answer to (src/check/no-answer.ts): the code of what happened. */
  readonly noAnswer?: NoAnswerCode;
  /** For a check not checked because its endpoint is not served: the check that holds that finding. */
  readonly finding?: string;
  /** Requests of the check that were retried (a reset, a 502/503/504): the check is flaky, whatever its state. */
  readonly retried?: string;
  /** The data changes the check made on the target, and whether each was undone (src/check/data-changes.ts). */
  readonly dataChanges?: readonly DataChange[];
  /** A failed module check the vendor's document of the target's version explains (OPENAPI_DIR; src/conformance/vendor-agreement.ts). */
  readonly vendorAgreement?: VendorAgreement;
}

/**
 * A check whose request had to be sent again and then got its answer: flaky, never silently passed. One whose retries
 * ended in no answer is no flake: the target gave none (src/check/no-answer.ts), and it is not checked.
 */
export function isFlaky(check: CheckResult): boolean {
  return check.retried !== undefined && check.noAnswer === undefined;
}

export interface RunResults {
  readonly checks: readonly CheckResult[];
  /** Errors outside any check: a setup that failed, an unhandled rejection. */
  readonly errors: readonly string[];
  /**
   * Suite files vitest never started (the run was cut off or stopped first). A file's checks are known only once it is
   * collected, so theirs are in no report: the reports name the files instead.
   */
  readonly notStarted?: readonly string[];
  /** Where the suites' time went (`verify --timings`), when vitest ran them. */
  readonly timings?: SuiteTimings;
}

/** The run target a test was registered for (src/check/check.ts puts it in the meta); its project's name otherwise. */
export function targetOf(test: TestCase): string {
  return test.meta().target ?? test.project.name;
}

/**
 * A check the run never ran or cut off: vitest left it pending or its cancellation skipped it, or its skip's reason
 * says it did not run (a signal, RUN_TIMEOUT_S, its suite's setup).
 */
export function didNotRun(test: TestCase): boolean {
  const result = test.result();
  if (result.state === 'pending') return true;
  if (result.state !== 'skipped') return false;
  const note = noteOf(test, result.note)?.note;
  return note === vitestCancelNote || (note?.startsWith(notRunPrefix) ?? false);
}

/** A check skipped because a describe block's setup failed has that as its reason (the error itself is the run's). */
function noteOf(test: TestCase, note: string | undefined): { note: string } | undefined {
  const reason = note ?? setupFailureNote(test);
  return reason === undefined ? undefined : { note: reason };
}

function setupFailureNote(test: TestCase): string | undefined {
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) {
    const error = parent.errors()[0];
    if (error) return `${notRunPrefix}the setup of "${parent.fullName}" failed: ${error.message.split('\n')[0]}`;
  }
  return undefined;
}

export function collectResults(modules: readonly TestModule[], unhandled: readonly unknown[]): RunResults {
  const checks: CheckResult[] = [];
  const errors: string[] = unhandled.map(errorText);
  for (const module of modules) {
    for (const error of module.errors()) errors.push(`${module.project.name}: ${error.message}`);
    // A describe block's own failure (its beforeAll threw) leaves its checks skipped with no note: the error is the run's.
    // One with no check (a target no check of the file applies to: vitest's "No test found in suite") loses nothing.
    for (const suite of module.children.allSuites()) {
      if (!suite.children.allTests().next().done) for (const error of suite.errors()) errors.push(`${module.project.name}: ${suite.fullName}: ${error.message}`);
    }
    for (const test of module.children.allTests()) {
      const meta = test.meta();
      const project = targetOf(test);
      const result = test.result();
      // A check vitest never ran (the run was cancelled first, or its worker ended) is not run, never left out.
      const state: CheckState = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
      const id = checkIdPattern.exec(test.name)?.[1] ?? test.fullName;
      const first = result.state === 'failed' ? result.errors[0] : undefined;
      checks.push({
        project,
        ...(meta.version !== undefined && { version: meta.version }),
        file: module.relativeModuleId,
        id,
        name: test.name,
        state,
        ...(result.state === 'skipped' && noteOf(test, result.note)),
        ...(result.state === 'pending' && { note: neverRanNote }),
        ...((result.state === 'skipped' || result.state === 'pending') && meta.labels !== undefined && { labels: meta.labels }),
        ...(first && { error: first.message }),
        ...(meta.observed !== undefined && { observed: meta.observed }),
        ...(meta.deprecationHeaders !== undefined && { deprecationHeaders: meta.deprecationHeaders }),
        ...(meta.killedBy !== undefined && { killedBy: meta.killedBy }),
        ...(meta.observedBy !== undefined && { observedBy: meta.observedBy }),
        ...(meta.retried !== undefined && { retried: meta.retried }),
        ...(meta.dataChanges !== undefined && meta.dataChanges.length > 0 && { dataChanges: meta.dataChanges }),
        ...(meta.endpoint !== undefined && { endpoint: meta.endpoint }),
        ...(meta.finding !== undefined && { finding: meta.finding }),
        ...(result.state === 'skipped' && meta.noAnswer !== undefined && { noAnswer: meta.noAnswer }),
        ...(result.state === 'failed' && meta.vendorAgreement !== undefined && { vendorAgreement: meta.vendorAgreement }),
      });
    }
  }
  const notStarted = modules.filter((module) => isPending(module.state()) && module.children.allTests().next().done).map((module) => module.relativeModuleId);
  return { checks, errors, ...(notStarted.length > 0 && { notStarted }) };
}

function isPending(state: ReturnType<TestModule['state']>): boolean {
  return state === 'pending' || state === 'queued';
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

export interface ProjectTally {
  readonly project: string;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

export function tallyByProject(checks: readonly CheckResult[]): ProjectTally[] {
  const tallies = new Map<string, { passed: number; failed: number; skipped: number }>();
  for (const check of checks) {
    const tally = tallies.get(check.project) ?? { passed: 0, failed: 0, skipped: 0 };
    tally[check.state] += 1;
    tallies.set(check.project, tally);
  }
  return [...tallies].map(([project, tally]) => ({ project, ...tally })).sort((a, b) => a.project.localeCompare(b.project));
}
