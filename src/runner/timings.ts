/**
 * Where a run's time went, for `verify --timings` and the benchmark
 * (scripts/bench-verify.ts): the suite files' own figures from vitest
 * (import and collection, which holds the Pact verifier child of the
 * contracts file, and their tests) and the slowest checks (the expiry wait).
 */
import type { TestModule } from 'vitest/node';
import { targetOf } from './results.ts';

/** A file holds the checks of every target of the run (src/run-targets/run-plan.ts): its figures are the file's. */
export interface FileTiming {
  readonly file: string;
  /** Importing the file and running its suite callbacks (the contracts file verifies its pacts here). */
  readonly collectMs: number;
  /** Its tests and hooks, one after another (concurrent tests overlap, so this can exceed the wall time). */
  readonly testsMs: number;
}

export interface TestTiming {
  readonly project: string;
  readonly name: string;
  readonly ms: number;
}

export interface SuiteTimings {
  readonly files: readonly FileTiming[];
  readonly slowestTests: readonly TestTiming[];
}

const slowestCount = 3;

export function suiteTimings(modules: readonly TestModule[]): SuiteTimings {
  const files = modules.map((module) => {
    const diagnostic = module.diagnostic();
    return { file: module.relativeModuleId, collectMs: diagnostic.collectDuration, testsMs: diagnostic.duration };
  });
  const tests = modules.flatMap((module) =>
    [...module.children.allTests()].map((test) => ({ project: targetOf(test), name: test.name, ms: test.diagnostic()?.duration ?? 0 })),
  );
  return { files, slowestTests: tests.sort((a, b) => b.ms - a.ms).slice(0, slowestCount) };
}

/** One step of verify and what it took. */
export interface Phase {
  readonly label: string;
  readonly ms: number;
}

export const timingLinePrefix = 'Timing ';
export const timingLinePattern = /^Timing (.+): ([\d.]+) s$/;

const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** `Timing <what>: <s> s` lines: verify's steps in order, then the heaviest suite files and checks inside the suites step. */
export function formatTimings(phases: readonly Phase[], suites: SuiteTimings | undefined): string[] {
  const lines = phases.map((phase) => `${timingLinePrefix}${phase.label}: ${seconds(phase.ms)} s`);
  if (!suites) return lines;
  const byCollect = [...suites.files].sort((a, b) => b.collectMs - a.collectMs).slice(0, slowestCount);
  const byTests = [...suites.files].sort((a, b) => b.testsMs - a.testsMs).slice(0, slowestCount);
  return [
    ...lines,
    ...byCollect.map((file) => `${timingLinePrefix}  suites › collect ${file.file}: ${seconds(file.collectMs)} s`),
    ...byTests.map((file) => `${timingLinePrefix}  suites › tests ${file.file}: ${seconds(file.testsMs)} s`),
    ...suites.slowestTests.map((test) => `${timingLinePrefix}  suites › check ${test.project} ${test.name}: ${seconds(test.ms)} s`),
  ];
}
