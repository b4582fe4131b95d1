/**
 * `npm run verify`: the main job. Validates the configuration, checks the
 * target can be reached, runs every suite against every run target (both
 * versions of the embedded platform when no BASE_URL is set), prints a
 * per-version summary, and writes the Allure results and HTML report.
 * Exit codes: 0 all checks passed, 1 a check failed, otherwise the error
 * catalog's code (src/errors.ts).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { latencyFlag, parseVerifyArgs, type VerifyArgs } from './verify-options.ts';
import { describeScope, filesOfRun, runScope, subsetLines, type RunScope } from './run-scope.ts';
import { ensureTokenStoreDirectory } from '../auth/token-store.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { pactFilesAtOnce } from '../config/concurrency-policy.ts';
import { RunInterrupted, UpgradeGuardError, stoppedNote } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { freshReportsDirectory } from '../report/reports-dir.ts';
import { fileMayHoldSelected, suiteFilters } from '../runner/suite-selection.ts';
import type { RunResults } from '../runner/results.ts';
import { Timeline } from '../runner/timeline.ts';
import { formatTimings } from '../runner/timings.ts';
import { unansweredError, unansweredLines } from '../runner/unanswered.ts';
import { trafficDirectory } from '../run-targets/traffic.ts';
import { preflightConfig } from '../run-targets/preflight.ts';
import { casEndpointsEnvironment, casEndpointsLine } from '../run-targets/cas-endpoints.ts';
import type { RunTarget } from '../run-targets/run-plan.ts';
import { crossVersionFlags, type CrossVersionRequest } from '../contracts/cross-version-request.ts';
import { startVerifierChild, type VerifierChild } from '../contracts/quiet-verification.ts';
import { SetupFailures } from '../run-targets/setup-failures.ts';
import { runDeadline } from '../http/run-deadline.ts';
import { commandArguments, reportError, runCli } from './run-cli.ts';
import { watchInterrupts, type Interruption } from './interruption.ts';
import { removeEarlierReports } from '../report/earlier-reports.ts';
import { refuseUnmatchedTerms } from '../check/check-selection.ts';
import { brokenVerificationScope } from '../check/check-id.ts';
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
    import('./cut-short-reports.ts'),
    import('../report/unproven-absences.ts'),
  ]);
  return { ...runSuites, ...progress, ...consoleReporter, ...amendments, ...contractBreaks, ...crossVersion, ...runReports, ...cutShort, ...unproven };
};

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
  if (!crossVersionOnly) {
    await removeEarlierReports(settings.reportsDir);
    interruption.earlierReportsRemoved();
  }
  // A bad OPENAPI_DIR (missing, no documents, broken JSON) stops the run here, as CONFIG_INVALID.
  if (settings.openapiDir !== undefined) (await import('../conformance/vendor-documents.ts')).loadVendorDocuments(settings.openapiDir);
  if (crossVersionOnly) return compareOnly(settings, crossVersionOnly, secrets);

  const scope = await runScope(args, settings);
  // What runs, against what, before the slow parts (vitest loading, the preflight, the logins): the user sees at once
  // that the command started and what it checks.
  print(startLine(settings, describeScope(scope, settings, args.only)));
  const config = await reachedTarget(settings, secrets);
  // The run's one Pact verifier child serves the contract suite's verification and the contract-breaks step's: pact-js
  // loads once per run. It starts now and loads while this process loads the rest of its modules, starts vitest and
  // logs in (the run's setup). After the preflight: a target that cannot be reached costs no child. Closed when verify
  // ends, or at RUN_TIMEOUT_S or Ctrl-C / SIGTERM, whichever comes first.
  const verifier = scope.contracts ? startVerifierChild({ jobs: scope.plan.length + 1, filesAtOnce: pactFilesAtOnce(config) }, stopSignal(runDeadline(config), interruption.signal)) : undefined;
  try {
    return await verifyWith({ config, args, scope, timeline, secrets, verifier, interruption });
  } finally {
    verifier?.close();
  }
}

/** The preflight: paths the user named are tried before the network is (a bad TOKEN_STORE is exit 8, not a hang or a login lost); RUN_TIMEOUT_S bounds it too. */
async function reachedTarget(settings: Config, secrets: SecretRegistry): Promise<Config> {
  if (settings.remote) await ensureTokenStoreDirectory(settings.tokenStorePath);
  // How far a real target is decides how much of the run overlaps (src/config/concurrency-policy.ts).
  return preflightConfig(settings, secrets, runDeadline(settings));
}

/** `--from/--to`: the cross-version contract comparison alone, with no suites, checks or Allure report. */
async function compareOnly(settings: Config, request: CrossVersionRequest, secrets: SecretRegistry): Promise<number> {
  print(startLine(settings, `only the cross-version contract comparison: the ${request.from} contracts against ${request.to}`));
  const config = await reachedTarget(settings, secrets);
  const { runContractBreaksStep } = await heavy();
  const step = await runContractBreaksStep(config, request, secrets);
  // The console ends with the verdict, as every run's does (src/report/verdict.ts).
  const verdict = step.section.exact ? 'PASS: the contract breaks are exactly the documented ones' : 'FAIL: contract breaks not as documented';
  process.stdout.write(`${[step.summaryLine, ...step.dataChangeLines].join('\n')}\nContract breaks: ${step.files.markdown}\nVERDICT: ${verdict}\n`);
  return step.section.exact ? 0 : 1;
}

/** What verify has worked out before its suites run. */
interface VerifyRun {
  readonly config: Config;
  readonly args: VerifyArgs;
  readonly scope: RunScope;
  readonly timeline: Timeline;
  readonly secrets: SecretRegistry;
  readonly verifier: VerifierChild | undefined;
  readonly interruption: Interruption;
}

async function verifyWith(run: VerifyRun): Promise<number> {
  const { config, args, scope, timeline, secrets, verifier, interruption } = run;
  const { plan, checkSelection, shard } = scope;
  const { runSuites, ProgressReporter, progressOptionsFor, ConsoleReporter, markFlakyResults, markOverruledResults, withUnprovenAbsences, writeRunReports, reportCutShort } = await heavy();

  const resultsDir = join(config.reportsDir, 'allure-results');
  await freshReportsDirectory(resultsDir);
  // The traffic files of this run only (verify --latency-ms).
  if (config.addedLatencyMs !== undefined) await rm(trafficDirectory(config.reportsDir), { recursive: true, force: true });
  timeline.step('configuration, preflight');

  // RUN_TIMEOUT_S bounds the whole run: past it the suites are cancelled, the verifier children told to end, and what
  // finished is still reported.
  const deadline = runDeadline(config);
  const filters = scope.shardFiles ?? (scope.suites && suiteFilters(scope.suites));
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
  const comparison = scope.comparison;
  const alongside = comparison?.when === 'alongside'
    ? timeline.alongside('contract breaks 7.4 → 8.0 (Pact verifier child, alongside the suites)', () => compareContracts(config, comparison.request, secrets, verifier))
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
      return setUp ? { checks: [], errors: [] } : { checks: [], errors: [], notStarted: await filesOfRun(scope, config) };
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
  const subset = [...suitesLines(scope.partOfSuites), ...subsetLines(scope, args.only), ...unansweredLines(results.checks)];
  // What `npm run report` needs to merge this run with its other shards (run-record.ts).
  const part = { target, targets: plan.map((runTarget) => runTarget.name), ...(shard && { shard }), ...(args.only !== undefined && { only: args.only }), ...(scope.partOfSuites && { suites: scope.partOfSuites }) };
  const reports = {
    reportsDir: config.reportsDir,
    html: args.html,
    ...(config.historyDir !== undefined && { historyDir: config.historyDir }),
    historyLimit: config.historyLimit,
    ...(config.openapiDir !== undefined && { openapiDir: config.openapiDir }),
  };
  // Ctrl-C or SIGTERM: the reports of what finished, marked INTERRUPTED; RUN_TIMEOUT_S (the only deadline,
  // run-deadline.ts): marked cut off. Nothing when neither stopped the run.
  const cutShort = async (contractBreaks: () => Promise<RunRecord['contractBreaks']>): Promise<void> => {
    const stoppedBy = interruption.received();
    const cut = stoppedBy ? { signal: stoppedBy } : deadline?.aborted && config.runTimeoutSeconds !== undefined ? { seconds: config.runTimeoutSeconds, inSetup: !setUp } : undefined;
    if (cut) await reportCutShort(cut, { part, contractBreaks: await contractBreaks(), reports, subset }, results);
  };
  // Stopped while the suites ran.
  await cutShort(async () => alongside && (await alongside));
  // With --only, the comparison runs if a contract check of the selection ran; a broken verification's check is none
  // (src/check/check-id.ts).
  const comparesAfter = comparison?.when === 'after' && results.checks.some((check) => check.id.startsWith('contract.') && brokenVerificationScope(check.id) === undefined);
  const contractBreaks = alongside ? await alongside : comparesAfter ? await compareContracts(config, comparison.request, secrets, verifier) : undefined;
  timeline.step('contract breaks, the rest after the suites');
  // Stopped while the comparison after the suites ran: the comparison says so, and the run is cut short.
  if (contractBreaks && 'notRun' in contractBreaks) await cutShort(async () => contractBreaks);
  await writeRunRecord(config.reportsDir, newRunRecord({ ...part, results, ...(contractBreaks && { contractBreaks }) }));
  const clean = await writeRunReports({ ...reports, target, results, subset, ...(contractBreaks && { contractBreaks }), print });
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

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function withSelectedNotStarted(results: RunResults, checkSelection: readonly string[] | undefined): RunResults {
  const notStarted = results.notStarted?.filter((file) => fileMayHoldSelected(file, checkSelection));
  const { notStarted: _all, ...rest } = results;
  return notStarted && notStarted.length > 0 ? { ...rest, notStarted } : rest;
}

/** The contract-breaks step: its section, or why it could not run. */
async function compareContracts(config: Config, request: CrossVersionRequest, secrets: SecretRegistry, verifier?: VerifierChild): Promise<RunRecord['contractBreaks']> {
  const { runCrossVersion } = await heavy();
  try {
    return { ran: await runCrossVersion(config, request, secrets, verifier) };
  } catch (error) {
    const line = secrets.scrub(`Contract breaks ${request.from} → ${request.to}: not compared: ${error instanceof Error ? error.message : String(error)}`);
    // Stopped by RUN_TIMEOUT_S or a signal: not run, and the run is reported as cut short, never as failed by it.
    return stoppedNote(error) !== undefined ? { notRun: line } : { failed: line };
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
