/**
 * The suite trace: which faults each suite file can be affected by at all.
 * Most faults sit on one endpoint, which one or two files call; running
 * every file against every fault, the contract suite's Pact verifier
 * included, is most of the matrix's cost. So before
 * the fault runs, each suite file runs once per version against a clean
 * embedded target of its own, whose instances report every fault they are
 * asked about, from their start and the logins to the file's last check.
 *
 * Why that is sound: the simulator changes behaviour
 * only where it asks `faults.has(name)`. A file whose clean run never asks
 * about a fault takes the same branches, request by request, on the faulted
 * platform, and its checks end as they end clean. A fault run therefore runs
 * only the files whose trace asked about its fault (RunTarget.files), and
 * the judge carries the clean results of the others. This rests on the
 * suites keeping their files apart: a file changes seeded data only for the
 * length of its check and puts it back, and reads only what it created or
 * what no other file changes for good, so no verdict depends on what another
 * file did under a fault. The kill matrix test checks that every file was
 * traced and that each traced file's verdicts equal the clean run's;
 * `run-matrix.ts --every-file` runs every file under every fault, which
 * checks the premise itself when the suites change how they use data.
 */
import { readdir } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type { Config } from '../../src/config/config.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import type { RunResults } from '../../src/runner/results.ts';
import { runSuites } from '../../src/runner/run-suites.ts';
import { SetupFailures } from '../../src/run-targets/setup-failures.ts';
import type { DeviationName } from '../../simulator/faults/index.ts';
import type { FilesReached } from './plan.ts';

export interface SuiteTrace {
  readonly version: PlatformVersion;
  /** The suite file, from the project root. */
  readonly file: string;
  /** Every fault its target's instances were asked about, sorted. */
  readonly consulted: readonly DeviationName[];
}

export const traceProject = (version: PlatformVersion, file: string): string => `trace ${version} ${file}`;

/** The files a fault run may leave out: every suite file but vendor conformance, which runs only with OPENAPI_DIR. */
export async function tracedSuiteFiles(root = process.cwd()): Promise<string[]> {
  const entries = await readdir(`${root}/suites`, { recursive: true });
  return entries
    .map((entry) => `suites/${entry}`)
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('suites/conformance/'))
    .sort();
}

export interface SuiteTraces {
  readonly traces: readonly SuiteTrace[];
  /** The trace runs' checks (project `trace <version> <file>`), compared with the clean runs by the kill matrix test. */
  readonly results: RunResults;
}

export async function traceSuites(config: Config, versions: readonly PlatformVersion[], files: readonly string[], vitestOutput: PassThrough): Promise<SuiteTraces> {
  const consulted = new Map<string, Set<DeviationName>>();
  const plan = versions.flatMap((version) => files.map((file) => ({ name: traceProject(version, file), version, faults: [], files: [file] })));
  for (const target of plan) consulted.set(target.name, new Set());
  const setupFailures = new SetupFailures();
  const ran = await runSuites({
    config,
    plan,
    filters: files,
    reporters: [],
    allure: false,
    vitestOutput,
    onFaultConsulted: (targetName, fault) => consulted.get(targetName)?.add(fault),
    setupFailures,
  }).catch(failedSetup(setupFailures));
  // A failed login ends the trace run's setup: the trace is then incomplete, and its error says why.
  const results = { ...ran, errors: [...ran.errors, ...setupFailureErrors(setupFailures)] };
  const traces = plan.map((target) => ({ version: target.version, file: target.files[0] ?? '', consulted: [...(consulted.get(target.name) ?? [])].sort() }));
  return { traces, results };
}

/** A failed login or setup ends a run of the matrix before any check: its coded line, as an error of the run. */
export function setupFailureErrors(failures: SetupFailures): string[] {
  return failures.first ? [`the run's setup failed: ${failures.first.code}: ${failures.first.message}`] : [];
}

/** For runSuites' rejection: a run whose setup failed with a coded error ran no check; anything else stays an error. */
export function failedSetup(failures: SetupFailures): (error: unknown) => RunResults {
  return (error) => {
    if (!failures.first) throw error;
    return { checks: [], errors: [] };
  };
}

/**
 * The files a run of a deviation must run: the traced files that asked about
 * it. Every file when the version has no trace: nothing may be left out then.
 */
export function filesReachedBy(suiteTraces: readonly SuiteTrace[] | undefined): FilesReached {
  return (deviation, version) => {
    const traced = suiteTraces?.filter((trace) => trace.version === version) ?? [];
    if (traced.length === 0) return undefined;
    return traced.filter((trace) => trace.consulted.includes(deviation)).map((trace) => trace.file);
  };
}
