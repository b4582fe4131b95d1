/**
 * `npm run verify`: the main job. Validates the configuration, checks the
 * target can be reached, runs every suite against every run target (both
 * versions of the embedded platform when no BASE_URL is set), prints a
 * per-version summary, and writes the Allure results and HTML report.
 * Exit codes: 0 all checks passed, 1 a check failed, otherwise the error
 * catalog's code (src/errors.ts).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { verifyOptions } from './verify-options.ts';
import { ensureTokenStoreDirectory } from '../auth/token-store.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { pactFilesAtOnce } from '../config/concurrency-policy.ts';
import { RunInterrupted, UpgradeGuardError, cutOffNote, interruptedNote, neverRanNote, stoppedNote, vitestCancelNote } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { isPlatformVersion } from '../profile/versions.ts';
import { freshReportsDirectory } from '../report/reports-dir.ts';
import { fileMayHoldSelected, parseSuiteSelection, suiteFilters, suiteNames, suitesOfSelection, suitesThatRun, type SuiteName } from '../runner/suite-selection.ts';
import type { RunResults } from '../runner/results.ts';
import { Timeline } from '../runner/timeline.ts';
import { formatTimings } from '../runner/timings.ts';
import { unansweredError, unansweredLines } from '../runner/unanswered.ts';
import { trafficDirectory } from '../run-targets/traffic.ts';
import { preflightConfig } from '../run-targets/preflight.ts';
import { casEndpointsEnvironment, casEndpointsLine } from '../run-targets/cas-endpoints.ts';
import { contractsSuiteFile, defaultRunPlan, type RunTarget } from '../run-targets/run-plan.ts';
import { crossVersionFlags, defaultCrossVersion, type CrossVersionRequest } from '../contracts/cross-version-request.ts';
import { startVerifierChild, type VerifierChild } from '../contracts/quiet-verification.ts';
import { SetupFailures } from '../run-targets/setup-failures.ts';
import { runDeadline } from '../http/run-deadline.ts';
import { commandArguments, reportError, runCli } from './run-cli.ts';
import { watchInterrupts, type Interruption } from './interruption.ts';
import { removeEarlierReports } from '../report/earlier-reports.ts';
import { parseCheckSelection, refuseUnmatchedTerms } from '../check/check-selection.ts';
import { brokenVerificationScope } from '../check/check-id.ts';
import { refuseRepeatedOptions } from './parse-args-message.ts';
import { filesOfShard, parseShard, shardLabel, suiteFiles, type Shard } from '../runner/shard.ts';
import { newRunRecord, suitesLines, writeRunRecord, type RunRecord } from './run-record.ts';

/**
 * The heavy half of the command: vitest, pact-js, the simulator and Allure take seconds to load, and a bad flag or
 * variable is answered before most of it is loaded (a command that only says what is wrong starts at once). Only
 * vitest's node API comes first, natively, where it costs a fraction of what it costs through tsx
 * (src/load-typescript.mjs).
 */
const heavy = async () => {
  const [runSuites, progress, consoleReporter, amendments, contractBreaks, crossVersion, runReports, cutShort, unproven] = await Promise.all([
    import('../runner/run-suites.ts'),
    import('../report/progress-reporter.ts'),
    import('../report/console-reporter.ts'),
    import('../report/allure-amendments.ts'),
    import('../contracts/contract-breaks.ts'),
    import('../contracts/cross-version.ts'),
    import('./run-reports.ts'),
    import('../report/allure-cut-short.ts'),
    import('../report/unproven-absences.ts'),
  ]);
  return { ...runSuites, ...progress, ...consoleReporter, ...amendments, ...contractBreaks, ...crossVersion, ...runReports, ...cutShort, ...unproven };
};

const usage = 'usage: npm run verify -- [--env-file FILE] [--version 7.4|8.0] [--suites auth,modules,contracts,conformance] [--only MODULE|CHECK-GLOB] [--shard I/N] [--openapi DIR] [--no-html] [--history DIR] [--from 7.4 --to 8.0] [--timings] [--latency-ms N]';

interface VerifyArgs {
  readonly envFile?: string;
  readonly version?: string;
  readonly suites?: string;
  readonly html: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly openapi?: string;
  readonly only?: string;
  readonly shard?: string;
  readonly history?: string;
  readonly timings: boolean;
  readonly latencyMs?: string;
}

function parseVerifyArgs(argv: string[]): VerifyArgs {
  try {
    const { values, tokens } = parseArgs({
      args: argv,
      options: verifyOptions,
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
    refuseRepeatedOptions(tokens);
    refuseBesideComparison(values);
    return {
      ...(values['env-file'] !== undefined && { envFile: values['env-file'] }),
      ...(values.version !== undefined && { version: values.version }),
      ...(values.suites !== undefined && { suites: values.suites }),
      html: !values['no-html'],
      ...(values.from !== undefined && { from: values.from }),
      ...(values.to !== undefined && { to: values.to }),
      ...(values.openapi !== undefined && { openapi: values.openapi }),
      ...(values.only !== undefined && { only: values.only }),
      ...(values.shard !== undefined && { shard: values.shard }),
      ...(values.history !== undefined && { history: values.history }),
      timings: values.timings,
      ...(values['latency-ms'] !== undefined && { latencyMs: values['latency-ms'] }),
    };
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${(error as Error).message}; ${usage}`);
  }
}

/**
 * `--from/--to` runs the cross-version contract comparison alone, with no suites, checks or Allure report: an option
 * that chooses among those would be ignored, and a run the user narrowed must never come back wider than asked.
 */
const notBesideComparison = ['version', 'suites', 'only', 'shard', 'openapi', 'history', 'timings'] as const;

function refuseBesideComparison(values: Partial<Record<(typeof notBesideComparison)[number] | 'from' | 'to', unknown>>): void {
  if (values.from === undefined && values.to === undefined) return;
  const given = notBesideComparison.filter((name) => values[name] !== undefined && values[name] !== false);
  if (given.length > 0) throw new Error(`--from/--to runs only the cross-version contract comparison; ${given.map((name) => `--${name}`).join(', ')} does not apply to it`);
}

/** `secrets`: the command's registry (run-cli.ts), for every step that runs in this process. */
async function verify(secrets: SecretRegistry): Promise<number> {
  // Since the process started: node, tsx and this command's imports (verify --timings).
  const timeline = new Timeline('startup (node, tsx, imports)');
  // From here on no Ctrl-C or SIGTERM ends the run silently (interruption.ts); until the targets are up and logged in it
  // ends it at once.
  const interruption = watchInterrupts(async (stopped) => {
    const code = reportError(stopped, secrets);
    process.exit(code);
  });
  const args = parseVerifyArgs(commandArguments());
  // --from/--to: only the cross-version contract comparison (src/contracts/cross-version.ts).
  const crossVersionOnly = crossVersionFlags(args.from, args.to);
  const loaded = loadConfig(args.envFile === undefined ? {} : { envFile: args.envFile });
  // RUN_TIMEOUT_S counts from here: the preflight, the suites and the contract-breaks step all fall within it.
  const runDeadlineAt = loaded.runTimeoutSeconds === undefined ? undefined : Date.now() + loaded.runTimeoutSeconds * 1000;
  // --openapi DIR wins over OPENAPI_DIR, --history DIR over HISTORY_DIR.
  const addedLatencyMs = latencyFlag(args.latencyMs, loaded);
  const settings: Config = Object.freeze({
    ...loaded,
    ...(args.openapi !== undefined && { openapiDir: args.openapi }),
    ...(args.history !== undefined && { historyDir: args.history }),
    ...(addedLatencyMs !== undefined && { addedLatencyMs }),
    ...(runDeadlineAt !== undefined && { runDeadlineAt }),
  });
  // An earlier run's reports go first: a run that ends before writing its own (a bad OPENAPI_DIR or TOKEN_STORE, an
  // unreachable target, a refused login, Ctrl-C) leaves none that reads as current, and none for `npm run report` to
  // merge as its (src/report/earlier-reports.ts). --from/--to writes none of its own and leaves the folder's run alone.
  if (!crossVersionOnly) await removeEarlierReports(settings.reportsDir);
  // A bad OPENAPI_DIR (missing, no documents, broken JSON) stops the run here, as CONFIG_INVALID.
  if (settings.openapiDir !== undefined) (await import('../conformance/vendor-documents.ts')).loadVendorDocuments(settings.openapiDir);

  let plan = defaultRunPlan(settings);
  if (args.version !== undefined) {
    if (!isPlatformVersion(args.version)) throw new UpgradeGuardError('USAGE', `--version must be 7.4 or 8.0; ${usage}`);
    plan = plan.filter((target) => target.version === args.version);
    if (plan.length === 0) throw new UpgradeGuardError('USAGE', `--version ${args.version} does not match TARGET_VERSION of the configured target`);
  }
  const checkSelection = args.only === undefined ? undefined : parseCheckSelection(args.only);
  const named = args.suites === undefined ? undefined : parseSuiteSelection(args.suites);
  // Vendor conformance judges the module exchanges against the vendor's documents: without them it has no check.
  if (named?.includes('conformance') && settings.openapiDir === undefined) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--suites conformance checks the module exchanges against the vendor's OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR`);
  }
  const suites = suitesOfSelection(named, checkSelection, args.only);
  // Vendor conformance checks alone, without the vendor's documents: no check could run.
  if (suites && settings.openapiDir === undefined && suitesThatRun(suites, undefined).length === 0) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--only "${args.only}" selects vendor conformance checks only, which check the module exchanges against the vendor's OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR`);
  }
  // Vendor conformance is part of a whole run only with the vendor's documents.
  const partOfSuites = named && suitesThatRun(undefined, settings.openapiDir).some((name) => !named.includes(name)) ? named : undefined;
  const shard = args.shard === undefined ? undefined : parseShard(args.shard);
  // Vendor conformance judges every module exchange of a target at once: a shard holds only some of them.
  if (shard && settings.openapiDir !== undefined) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--shard cannot be combined with --openapi / OPENAPI_DIR: vendor conformance needs every module exchange of a target in one run`);
  }
  const shardFiles = shard ? filesOfShard(await suiteFiles(process.cwd(), shardedFolders(suites)), shard) : undefined;
  // The cross-version comparison belongs to the contracts: a run (or shard, or --only subset) without them leaves it
  // out. It has a target of its own, so when the run is known to include it (no --only, which is judged on the
  // results) it runs alongside the suites, within the run's permits runSuites starts.
  const comparesAtAll = (!suites || suites.includes('contracts')) && (!shardFiles || shardFiles.includes(contractsSuiteFile));
  const comparesAlongside = comparesAtAll && !checkSelection && !crossVersionOnly && defaultCrossVersion(plan) !== undefined;
  // What runs, against what, before the slow parts (vitest loading, the preflight, the logins): the user sees at once
  // that the command started and what it checks.
  const comparison = crossVersionOnly && `only the cross-version contract comparison: the ${crossVersionOnly.from} contracts against ${crossVersionOnly.to}`;
  print(startLine(settings, comparison || suitesRunning(plan, settings, suites, args.only, shard)));
  // Paths the user named are tried before the network is: a bad TOKEN_STORE is exit 8, not a hang or a login lost.
  if (settings.remote) await ensureTokenStoreDirectory(settings.tokenStorePath);
  // RUN_TIMEOUT_S bounds the preflight too.
  // How far a real target is decides how much of the run overlaps (src/config/concurrency-policy.ts).
  const config: Config = await preflightConfig(settings, secrets, runDeadline(settings));
  // The run's one Pact verifier child serves the contract suite's verification and the contract-breaks step's: pact-js
  // loads once per run. It starts now and loads while this process loads the rest of its modules, starts vitest and
  // logs in (the run's setup). After the preflight: a target that cannot be reached costs no child. Closed when verify
  // ends, or at RUN_TIMEOUT_S.
  const contractsInRun = comparesAtAll && !crossVersionOnly;
  const verifierShape = { jobs: plan.length + 1, filesAtOnce: pactFilesAtOnce(config) };
  // The child ends at RUN_TIMEOUT_S or at Ctrl-C / SIGTERM, whichever comes first.
  const verifierStop = stopSignal(runDeadline(config), interruption.signal);
  const verifier = contractsInRun ? startVerifierChild(verifierShape, verifierStop) : undefined;
  try {
    return await verifyWith({ config, args, plan, suites, partOfSuites, checkSelection, shard, shardFiles, crossVersionOnly, comparesAtAll, comparesAlongside, timeline, secrets, verifier, interruption });
  } finally {
    verifier?.close();
  }
}

/** What verify has worked out before its suites run. */
interface VerifyRun {
  readonly config: Config;
  readonly args: VerifyArgs;
  readonly plan: readonly RunTarget[];
  readonly suites: readonly SuiteName[] | undefined;
  /** `--suites` when it leaves a suite of the whole run out: the run is a part, and says so. */
  readonly partOfSuites: readonly SuiteName[] | undefined;
  readonly checkSelection: readonly string[] | undefined;
  readonly shard: Shard | undefined;
  readonly shardFiles: readonly string[] | undefined;
  /** `--from/--to`: only the cross-version contract comparison. */
  readonly crossVersionOnly: CrossVersionRequest | undefined;
  readonly comparesAtAll: boolean;
  readonly comparesAlongside: boolean;
  readonly timeline: Timeline;
  readonly secrets: SecretRegistry;
  readonly verifier: VerifierChild | undefined;
  readonly interruption: Interruption;
}

async function verifyWith(run: VerifyRun): Promise<number> {
  const { config, args, plan, suites, partOfSuites, checkSelection, shard, shardFiles, crossVersionOnly, comparesAtAll, comparesAlongside, timeline, secrets, verifier, interruption } = run;
  const { runSuites, ProgressReporter, progressOptionsFor, ConsoleReporter, markFlakyResults, markOverruledResults, withUnprovenAbsences, runContractBreaksStep, writeRunReports } = await heavy();

  if (crossVersionOnly) {
    const step = await runContractBreaksStep(config, crossVersionOnly, secrets);
    // The console ends with the verdict, as every run's does (src/report/verdict.ts).
    const verdict = step.section.exact ? 'PASS: the contract breaks are exactly the documented ones' : 'FAIL: contract breaks not as documented';
    process.stdout.write(`${[step.summaryLine, ...step.dataChangeLines].join('\n')}\nContract breaks: ${step.files.markdown}\nVERDICT: ${verdict}\n`);
    return step.section.exact ? 0 : 1;
  }

  const resultsDir = join(config.reportsDir, 'allure-results');
  await freshReportsDirectory(resultsDir);
  // The traffic files of this run only (verify --latency-ms).
  if (config.addedLatencyMs !== undefined) await rm(trafficDirectory(config.reportsDir), { recursive: true, force: true });
  timeline.step('configuration, preflight');

  // RUN_TIMEOUT_S bounds the whole run: past it the suites are cancelled, the verifier children told to end, and what
  // finished is still reported.
  const deadline = runDeadline(config);
  const filters = shardFiles ?? (suites && suiteFilters(suites));
  const cancel = stopSignal(deadline, interruption.signal);
  const setupFailures = new SetupFailures();
  // Whether every target was up and logged in: a run cut off before then started no suite file.
  let setUp = false;
  const suitesRun = runSuites({
    config,
    plan,
    ...(filters && { filters }),
    signal: cancel,
    ...(checkSelection && { checkSelection }),
    ...(verifier && { verifier }),
    setupFailures,
    // Once the targets are up and logged in, a signal cancels the suites (as RUN_TIMEOUT_S does) and what finished is
    // reported; until then it ends the run at once, a login's refresh-token rotation stored first.
    onSetUp: () => {
      setUp = true;
      interruption.targetsReady();
    },
    // reportMatchers off: a matcher step is named after its actual value, which no redaction sees before it is written.
    reporters: [new ProgressReporter(progressOptionsFor(process.stderr, process.env)), new ConsoleReporter(), ['allure-vitest/reporter', { resultsDir, environmentInfo: environmentInfo(config, plan), reportMatchers: false }]],
    // vitest's own dumps carry stack traces; DEBUG=1 shows them.
    vitestOutput: process.env.DEBUG ? process.stderr : new PassThrough().resume(),
  });
  const alongside = comparesAlongside
    ? timeline.alongside('contract breaks 7.4 → 8.0 (Pact verifier child, alongside the suites)', () => compareAfterSuites(config, plan, secrets, verifier))
    : undefined;
  // A setup that failed with a coded error (a target that did not start, a refused login: src/runner/run-setup.ts) is
  // the cause of whatever vitest then did with it, even an error of vitest's own: the coded line wins, before vitest
  // made any reporter, so no check says anything. A run cut off by RUN_TIMEOUT_S is reported as cut off, with what
  // finished (no new request is sent past it, and one in flight, a login's too, ends then: src/http/run-permits.ts
  // `deadline`).
  const ran = await suitesRun
    .catch(async (error: unknown): Promise<RunResults> => {
      if (!deadline?.aborted && !interruption.received()) throw setupFailures.first ?? error;
      // Cut off during the setup: every file of the run is one that did not start, and the reports name them.
      return setUp ? { checks: [], errors: [] } : { checks: [], errors: [], notStarted: await filesOfRun(shardFiles, suites, config) };
    })
    .finally(() => alongside);
  timeline.suites();
  // A 404 proves nothing on a target that served none of its module endpoints (src/report/unproven-absences.ts).
  // A file that never started is named only where it may hold a check of the selection (`--only job`: job's files).
  const selected = withSelectedNotStarted(ran, checkSelection);
  const results = withUnprovenAbsences(selected);
  await markFlakyResults(resultsDir, results.checks);
  await markOverruledResults(resultsDir, results.checks.filter((check, index) => check.state !== selected.checks[index]?.state));
  // A term that matched nothing is a typo, never a green run (a shard may hold none of it: the merge judges; a run cut
  // off before a check of it ran is reported as cut off).
  if (args.only !== undefined && !shard && !deadline?.aborted && !interruption.received()) {
    refuseUnmatchedTerms(args.only, results.checks, 'of this run', await (await import('../contracts/sources.ts')).platformContractIds());
  }

  const target = describeTarget(config);
  const subset = [...suitesLines(partOfSuites), ...subsetLines(args.only, shard, shardFiles), ...unansweredLines(results.checks)];
  // What `npm run report` needs to merge this run with its other shards (run-record.ts).
  const part = { target, targets: plan.map((runTarget) => runTarget.name), ...(shard && { shard }), ...(args.only !== undefined && { only: args.only }), ...(partOfSuites && { suites: partOfSuites }) };
  // Ctrl-C or SIGTERM: the reports of what finished, marked INTERRUPTED; RUN_TIMEOUT_S (the only deadline,
  // run-deadline.ts): marked cut off. Undefined when neither stopped the run.
  const reportCutShort = async (contractBreaks: () => Promise<RunRecord['contractBreaks']>): Promise<number | undefined> => {
    const stoppedBy = interruption.received();
    if (stoppedBy) return reportInterrupted(config, stoppedBy, part, results, args.html, subset, await contractBreaks());
    if (deadline?.aborted && config.runTimeoutSeconds !== undefined) return reportCutOff(config, { seconds: config.runTimeoutSeconds, inSetup: !setUp }, part, results, args.html, subset, await contractBreaks());
    return undefined;
  };
  // Stopped while the suites ran.
  const stoppedInSuites = await reportCutShort(async () => alongside && (await alongside));
  if (stoppedInSuites !== undefined) return stoppedInSuites;
  // A broken verification's check is no contract check of the subset (src/check/check-id.ts).
  const comparesAfter = comparesAtAll && !alongside && results.checks.some((check) => check.id.startsWith('contract.') && brokenVerificationScope(check.id) === undefined);
  const contractBreaks = alongside ? await alongside : comparesAfter ? await compareAfterSuites(config, plan, secrets, verifier) : undefined;
  timeline.step('contract breaks, the rest after the suites');
  // Stopped while the comparison after the suites ran: the comparison says so, and the run is cut short.
  const stoppedInComparison = contractBreaks && 'notRun' in contractBreaks ? await reportCutShort(async () => contractBreaks) : undefined;
  if (stoppedInComparison !== undefined) return stoppedInComparison;
  await writeRunRecord(config.reportsDir, newRunRecord({ ...part, results, ...(contractBreaks && { contractBreaks }) }));
  const clean = await writeRunReports({
    reportsDir: config.reportsDir,
    target,
    results,
    subset,
    ...(contractBreaks && { contractBreaks }),
    html: args.html,
    ...(config.historyDir !== undefined && { historyDir: config.historyDir }),
    historyLimit: config.historyLimit,
    ...(config.openapiDir !== undefined && { openapiDir: config.openapiDir }),
    print,
  });
  timeline.step(`reports (migration report${args.html ? ', Allure HTML' : ''})`);
  if (args.timings) print(formatTimings(timeline.phases(), results.timings).join('\n'));
  // A signal while the reports were written: they were finished first, and every check had run.
  const lateStop = interruption.received();
  if (lateStop) throw new RunInterrupted(lateStop, `every check had finished; the reports are whole (${config.reportsDir})`);
  if (results.checks.length === 0 && !shard) throw new UpgradeGuardError('INTERNAL', 'no check ran');
  // A target that stopped answering: the reports of what it answered are written; the run ends with what happened.
  const stoppedAnswering = unansweredError(results.checks, config.reportsDir);
  if (stoppedAnswering) throw stoppedAnswering;
  return clean ? 0 : 1;
}

/** `--latency-ms N`: a whole number of ms, for the embedded platform only (a real target's latency is its own). */
function latencyFlag(value: string | undefined, config: Config): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,5}$/.test(value)) throw new UpgradeGuardError('USAGE', `--latency-ms takes a whole number of milliseconds (0–99999), got "${value}"; ${usage}`);
  if (config.remote) throw new UpgradeGuardError('USAGE', '--latency-ms slows down the embedded platform only; unset BASE_URL to use it');
  return Number.parseInt(value, 10);
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function withSelectedNotStarted(results: RunResults, checkSelection: readonly string[] | undefined): RunResults {
  const notStarted = results.notStarted?.filter((file) => fileMayHoldSelected(file, checkSelection));
  const { notStarted: _all, ...rest } = results;
  return notStarted && notStarted.length > 0 ? { ...rest, notStarted } : rest;
}

/** The suite files a run was to run: its shard's, or those of its suites (vendor conformance's only with the vendor's documents). */
async function filesOfRun(shardFiles: readonly string[] | undefined, suites: readonly SuiteName[] | undefined, config: Config): Promise<readonly string[]> {
  return shardFiles ?? (await suiteFiles(process.cwd(), suitesThatRun(suites, config.openapiDir)));
}

/** The folders a shard deals out: the selected suites, or all; vendor conformance is never sharded (it runs after the module suites). */
function shardedFolders(suites: readonly SuiteName[] | undefined): SuiteName[] {
  return (suites ?? suiteNames).filter((name) => name !== 'conformance');
}

function subsetLines(only: string | undefined, shard: Shard | undefined, files: readonly string[] | undefined): string[] {
  return [
    ...(only !== undefined ? [`only the checks matching --only ${only}`] : []),
    ...(shard && files ? [`shard ${shardLabel(shard)}: ${files.length} suite files; merge the shards with npm run report -- DIR…`] : []),
  ];
}

/** The comparison after the suites (when the plan covers 8.0): its section, or why it could not run. */
async function compareAfterSuites(config: Config, plan: readonly RunTarget[], secrets: SecretRegistry, verifier?: VerifierChild): Promise<RunRecord['contractBreaks']> {
  const { runCrossVersion } = await heavy();
  const request = defaultCrossVersion(plan);
  if (!request) return undefined;
  try {
    return { ran: await runCrossVersion(config, request, secrets, verifier) };
  } catch (error) {
    const line = secrets.scrub(`Contract breaks ${request.from} → ${request.to}: not compared: ${error instanceof Error ? error.message : String(error)}`);
    // Stopped by RUN_TIMEOUT_S or a signal: not run, and the run is reported as cut short, never as failed by it.
    return stoppedNote(error) !== undefined ? { notRun: line } : { failed: line };
  }
}

/** RUN_TIMEOUT_S passed: the reports of what finished are written, then the run ends as a timeout (exit 4). */
async function reportCutOff(
  config: Config,
  ranOutAt: { readonly seconds: number; readonly inSetup: boolean },
  part: Pick<RunRecord, 'target' | 'targets' | 'shard' | 'only'>,
  ranOut: RunResults,
  html: boolean,
  subset: readonly string[],
  contractBreaks: RunRecord['contractBreaks'],
): Promise<number> {
  const { writeRunReports } = await heavy();
  const runTimeoutSeconds = ranOutAt.seconds;
  const during = ranOutAt.inSetup ? ' while the targets started and logged in, before any suite file started' : '';
  const stop = { heading: 'INCOMPLETE', reason: `the run's time ran out (RUN_TIMEOUT_S=${runTimeoutSeconds} s)${during}`, note: cutOffNote(runTimeoutSeconds), recorded: { cutOff: { runTimeoutSeconds } } } as const;
  const { results, finished, notStarted } = await keepWhatFinished(config, part, ranOut, stop, contractBreaks);
  await writeRunReports({
    reportsDir: config.reportsDir,
    target: part.target,
    results,
    // A cut-off run is a subset too: the summary says so under its first line, never a plain "ok".
    subset: [...subset, `${stop.heading}: ${stop.reason}; only the checks that finished`],
    html,
    ...(contractBreaks && { contractBreaks }),
    ...(config.historyDir !== undefined && { historyDir: config.historyDir }),
    historyLimit: config.historyLimit,
    ...(config.openapiDir !== undefined && { openapiDir: config.openapiDir }),
    print,
  });
  throw new UpgradeGuardError(
    'TARGET_TIMEOUT',
    `the run did not finish within RUN_TIMEOUT_S=${runTimeoutSeconds} s${during}; ${finished} checks finished and are in the reports (${config.reportsDir})${notStarted}`,
  );
}

/** Ctrl-C or SIGTERM stopped the suites: the reports of what finished are written, marked INTERRUPTED, then one line. */
async function reportInterrupted(
  config: Config,
  signal: 'SIGINT' | 'SIGTERM',
  part: Pick<RunRecord, 'target' | 'targets' | 'shard' | 'only'>,
  stopped: RunResults,
  html: boolean,
  subset: readonly string[],
  contractBreaks: RunRecord['contractBreaks'],
): Promise<number> {
  const { writeRunReports } = await heavy();
  const stop = { heading: 'INTERRUPTED', reason: `the run was stopped by ${signal}`, note: interruptedNote(signal), recorded: { interrupted: { signal } } } as const;
  const { results, finished } = await keepWhatFinished(config, part, stopped, stop, contractBreaks);
  // The console gets one line; the summary goes to its file, with the other reports.
  const summary: string[] = [];
  await writeRunReports({
    reportsDir: config.reportsDir,
    target: part.target,
    results,
    // The summary and the migration report say so under their first line: never read as a whole run.
    subset: [...subset, `${stop.heading}: ${stop.reason}; only the ${finished} checks that finished`],
    html,
    ...(contractBreaks && { contractBreaks }),
    ...(config.historyDir !== undefined && { historyDir: config.historyDir }),
    historyLimit: config.historyLimit,
    ...(config.openapiDir !== undefined && { openapiDir: config.openapiDir }),
    print: (line) => void summary.push(line),
  });
  await writeSummaryFile(config.reportsDir, summary);
  throw new RunInterrupted(signal, `reports of the ${finished} checks that finished are in ${config.reportsDir}`);
}

/** What stopped a run: the heading and reason its reports give, the note of its checks that did not run, its record's mark. */
interface RunStop {
  readonly heading: 'INCOMPLETE' | 'INTERRUPTED';
  readonly reason: string;
  readonly note: string;
  readonly recorded: Pick<RunRecord, 'cutOff' | 'interrupted'>;
}

/**
 * What a run cut short keeps, whatever stopped it: its checks that finished in the run record (a cut-off shard's go
 * into the night's merged report, marked incomplete), and an Allure report that says so: each check that did not run
 * skipped with the reason, one broken result heading it.
 */
async function keepWhatFinished(
  config: Config,
  part: Pick<RunRecord, 'target' | 'targets' | 'shard' | 'only'>,
  stopped: RunResults,
  stop: RunStop,
  contractBreaks: RunRecord['contractBreaks'],
): Promise<{ readonly results: RunResults; readonly finished: number; readonly notStarted: string }> {
  const { markNotRunResults, writeCutShortResult, suiteFilesNotStarted } = await heavy();
  const results = withCutOffNotes(stopped, stop.note);
  // The checks that ran to their end: not those whose reason is what stopped the run (one cut off names what it had sent).
  const finished = results.checks.filter((check) => !(check.note ?? '').startsWith(stop.note)).length;
  const notStarted = results.notStarted ? `; ${suiteFilesNotStarted(results.notStarted.length)}` : '';
  await writeRunRecord(config.reportsDir, newRunRecord({ ...part, results, ...(contractBreaks && { contractBreaks }), ...stop.recorded }));
  const resultsDir = join(config.reportsDir, 'allure-results');
  await markNotRunResults(resultsDir, results.checks);
  await writeCutShortResult(resultsDir, stop.heading, `${stop.heading}: ${stop.reason}; only the ${finished} checks that finished are in this report${notStarted}`, part.targets);
  return { results, finished, notStarted };
}

async function writeSummaryFile(reportsDir: string, lines: readonly string[]): Promise<void> {
  const file = join(reportsDir, 'summary.txt');
  try {
    await writeFile(file, `${lines.join('\n').trimStart()}\n`);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The run's stop: RUN_TIMEOUT_S, a signal, or whichever comes first. */
function stopSignal(deadline: AbortSignal | undefined, interrupt: AbortSignal): AbortSignal {
  return deadline ? AbortSignal.any([deadline, interrupt]) : interrupt;
}

/** The first line, printed before anything slow: against what (`what` runs). */
function startLine(config: Config, what: string): string {
  // Before the preflight: the CAS endpoints may still be discovered (AUTH_DISCOVERY), so the summary names them, not this line.
  const target = config.remote ? `target ${config.remote.baseUrl} (TARGET_VERSION ${config.remote.version})` : describeTarget(config);
  return `upgrade-guard verify: ${target}; ${what}`;
}

/** What a run of the suites covers: its targets, suites, selection and shard. */
function suitesRunning(plan: readonly RunTarget[], settings: Config, suites: readonly SuiteName[] | undefined, only: string | undefined, shard: Shard | undefined): string {
  const what = [`suites ${suitesThatRun(suites, settings.openapiDir).join(', ')}`, ...(only !== undefined ? [`--only ${only}`] : []), ...(shard ? [`shard ${shardLabel(shard)}`] : [])].join(', ');
  return `${plan.map((runTarget) => runTarget.name).join(' and ')}; ${what}`;
}

/** vitest's cancel skips what had not finished with a note of its own (errors.ts `vitestCancelNote`); say what happened. */
function withCutOffNotes(results: RunResults, note: string): RunResults {
  return { ...results, checks: results.checks.map((check) => (check.note === vitestCancelNote || check.note === neverRanNote ? { ...check, note } : check)) };
}

/** The summary's first line: a run against the embedded simulator says so, never only "passed". */
function describeTarget(config: Config): string {
  if (config.remote) return `target ${config.remote.baseUrl} (TARGET_VERSION ${config.remote.version}); ${casEndpointsLine(config.remote)}`;
  return 'the EMBEDDED SIMULATOR, not a real target (no BASE_URL set)';
}

/** The Allure report's environment widget: what was checked, where, with what. No secrets. */
function environmentInfo(config: Config, plan: readonly RunTarget[]): Record<string, string> {
  return {
    targets: plan.map((target) => target.name).join(', '),
    base_url: config.remote?.baseUrl ?? 'embedded simulator (loopback)',
    auth_url: config.remote?.authUrl ?? 'embedded simulator (loopback)',
    ...(config.remote && casEndpointsEnvironment(config.remote)),
    allow_mutations: String(config.remote ? config.allowMutations : true),
    max_concurrency: String(config.maxConcurrency),
    ...(config.targetRoundTripMs !== undefined && { target_round_trip_ms: String(config.targetRoundTripMs) }),
    request_timeout_ms: String(config.requestTimeoutMs),
    node: process.version,
  };
}

await runCli(verify);
