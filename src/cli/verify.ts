/**
 * `npm run verify`: the main job. Validates the configuration, checks the
 * target can be reached, runs every suite against every run target (both
 * versions of the embedded platform when no BASE_URL is set), prints a
 * per-version summary, and writes the Allure results and HTML report.
 * Exit codes: 0 all checks passed, 1 a check failed, otherwise the error
 * catalog's code (src/errors.ts).
 */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { ensureTokenStoreDirectory } from '../auth/token-store.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { originalEnvironment } from '../config/environment.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { isPlatformVersion } from '../profile/versions.ts';
import { formatSummary } from '../report/summary.ts';
import { buildMigrationReport, writeMigrationReport } from '../report/migration-report.ts';
import { freshReportsDirectory } from '../report/reports-dir.ts';
import { parseSuiteSelection, suiteFilters } from '../runner/suite-selection.ts';
import type { RunResults } from '../runner/results.ts';
import { preflight } from '../run-targets/preflight.ts';
import { defaultRunPlan, type RunTarget } from '../run-targets/run-plan.ts';
import { firstSetupFailure } from '../run-targets/setup-failures.ts';
import { commandArguments, runCli } from './run-cli.ts';
import { loadVendorDocuments } from '../conformance/vendor-documents.ts';
import { conformanceSection } from '../report/conformance-section.ts';
import { integrationSection } from '../impact/integration-section.ts';

/**
 * The heavy parts (vitest, Pact, Allure) load once the input is known to be
 * good: a bad flag, variable or path answers in about a second.
 */
const runSuitesModule = (): Promise<typeof import('../runner/run-suites.ts')> => import('../runner/run-suites.ts');
const consoleReporterModule = (): Promise<typeof import('../report/console-reporter.ts')> => import('../report/console-reporter.ts');
const allureHtmlModule = (): Promise<typeof import('../report/allure-html.ts')> => import('../report/allure-html.ts');
const contractBreaksModule = (): Promise<typeof import('../contracts/contract-breaks.ts')> => import('../contracts/contract-breaks.ts');
const crossVersionModule = (): Promise<typeof import('../contracts/cross-version.ts')> => import('../contracts/cross-version.ts');

const usage = 'usage: npm run verify -- [--env-file FILE] [--version 7.4|8.0] [--suites auth,modules,contracts,conformance] [--openapi DIR] [--no-html] [--history DIR] [--from 7.4 --to 8.0]';

interface VerifyArgs {
  readonly envFile?: string;
  readonly version?: string;
  readonly suites?: string;
  readonly html: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly openapi?: string;
  readonly history?: string;
}

function parseVerifyArgs(argv: string[]): VerifyArgs {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        'env-file': { type: 'string' },
        version: { type: 'string' },
        suites: { type: 'string' },
        'no-html': { type: 'boolean', default: false },
        from: { type: 'string' },
        to: { type: 'string' },
        openapi: { type: 'string' },
        history: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      ...(values['env-file'] !== undefined && { envFile: values['env-file'] }),
      ...(values.version !== undefined && { version: values.version }),
      ...(values.suites !== undefined && { suites: values.suites }),
      html: !values['no-html'],
      ...(values.from !== undefined && { from: values.from }),
      ...(values.to !== undefined && { to: values.to }),
      ...(values.openapi !== undefined && { openapi: values.openapi }),
      ...(values.history !== undefined && { history: values.history }),
    };
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${(error as Error).message}; ${usage}`);
  }
}

/** `secrets`: the command's registry (run-cli.ts), for every step that runs in this process. */
async function verify(secrets: SecretRegistry): Promise<number> {
  originalEnvironment();
  const args = parseVerifyArgs(commandArguments());
  const loaded = loadConfig(args.envFile === undefined ? {} : { envFile: args.envFile });
  // --openapi DIR wins over OPENAPI_DIR, --history DIR over HISTORY_DIR.
  const config: Config = Object.freeze({
    ...loaded,
    ...(args.openapi !== undefined && { openapiDir: args.openapi }),
    ...(args.history !== undefined && { historyDir: args.history }),
  });
  // A bad OPENAPI_DIR (missing, no documents, broken JSON) stops the run here, as CONFIG_INVALID.
  if (config.openapiDir !== undefined) loadVendorDocuments(config.openapiDir);

  let plan = defaultRunPlan(config);
  if (args.version !== undefined) {
    if (!isPlatformVersion(args.version)) throw new UpgradeGuardError('USAGE', `--version must be 7.4 or 8.0; ${usage}`);
    plan = plan.filter((target) => target.version === args.version);
    if (plan.length === 0) throw new UpgradeGuardError('USAGE', `--version ${args.version} does not match TARGET_VERSION of the configured target`);
  }
  const suites = args.suites === undefined ? undefined : parseSuiteSelection(args.suites);
  // Paths the user named are tried before the network is: a bad TOKEN_STORE is exit 8, not a hang or a login lost.
  if (config.remote) await ensureTokenStoreDirectory(config.tokenStorePath);
  await preflight(config, secrets);

  // --from/--to: only the cross-version contract comparison (src/contracts/cross-version.ts).
  const crossVersionOnly = (await crossVersionModule()).crossVersionFlags(args.from, args.to);
  if (crossVersionOnly) {
    const step = await (await contractBreaksModule()).runContractBreaksStep(config, crossVersionOnly, secrets);
    process.stdout.write(`${step.summaryLine}\nContract breaks: ${step.files.markdown}\n`);
    return step.section.exact ? 0 : 1;
  }

  const resultsDir = join(config.reportsDir, 'allure-results');
  await freshReportsDirectory(resultsDir);

  // RUN_TIMEOUT_S bounds the whole run: past it the suites are cancelled, and what finished is still reported.
  const deadline = config.runTimeoutSeconds === undefined ? undefined : AbortSignal.timeout(config.runTimeoutSeconds * 1000);
  const [{ runSuites }, { ConsoleReporter }] = await Promise.all([runSuitesModule(), consoleReporterModule()]);
  const results = await runSuites({
    config,
    plan,
    ...(suites && { filters: suiteFilters(suites) }),
    ...(deadline && { signal: deadline }),
    // reportMatchers off: a matcher step is named after its actual value, which no redaction sees before it is written.
    reporters: [new ConsoleReporter(), ['allure-vitest/reporter', { resultsDir, environmentInfo: environmentInfo(config, plan), reportMatchers: false }]],
    // vitest's own dumps carry stack traces; DEBUG=1 shows them.
    vitestOutput: process.env.DEBUG ? process.stderr : new PassThrough().resume(),
  });
  const setupFailure = firstSetupFailure();
  if (setupFailure) throw setupFailure;

  process.stdout.write(formatSummary(results, describeTarget(config)));
  if (deadline?.aborted) return reportCutOff(config, results, args.html, resultsDir);
  // The cross-version comparison belongs to the contracts: a run of other suites alone leaves it out.
  const contractBreaks = suites && !suites.includes('contracts')
    ? { asDocumented: true }
    : await (await contractBreaksModule()).contractBreaksAfterSuites(config, plan, secrets, (line) => process.stdout.write(`${line}\n`));
  const conformance = conformanceSection(results);
  // "Your integration": the team's own calls, when an `npm run impact` left its report in REPORTS_DIR.
  const integration = await integrationSection(config.reportsDir);
  const sections = [...(contractBreaks.step ? [contractBreaks.step.report] : []), ...(conformance ? [conformance] : []), ...(integration ? [integration] : [])];
  const migration = await writeMigrationReport(config.reportsDir, buildMigrationReport(results, sections));
  process.stdout.write(`Migration report: ${migration.markdown} (${migration.html})\n`);
  if (args.html) {
    const index = await (await allureHtmlModule()).renderAllureReport(resultsDir, join(config.reportsDir, 'allure-report'), 'upgrade-guard', config.historyDir);
    process.stdout.write(`Allure report: ${index}\n`);
  }
  const failed = results.checks.some((check) => check.state === 'failed') || results.errors.length > 0 || !contractBreaks.asDocumented;
  if (results.checks.length === 0) throw new UpgradeGuardError('INTERNAL', 'no check ran');
  return failed ? 1 : 0;
}

/** RUN_TIMEOUT_S passed: the reports of what finished are written, then the run ends as a timeout (exit 4). */
async function reportCutOff(config: Config, results: RunResults, html: boolean, resultsDir: string): Promise<number> {
  const migration = await writeMigrationReport(config.reportsDir, buildMigrationReport(results, []));
  process.stdout.write(`Migration report: ${migration.markdown}\n`);
  if (html) process.stdout.write(`Allure report: ${await (await allureHtmlModule()).renderAllureReport(resultsDir, join(config.reportsDir, 'allure-report'), 'upgrade-guard', config.historyDir)}\n`);
  throw new UpgradeGuardError(
    'TARGET_TIMEOUT',
    `the run did not finish within RUN_TIMEOUT_S=${config.runTimeoutSeconds} s; ${results.checks.length} checks finished and are in the reports (${config.reportsDir})`,
  );
}

/** The summary's first line: a run against the embedded simulator says so, never only "passed". */
function describeTarget(config: Config): string {
  if (config.remote) return `target ${config.remote.baseUrl} (TARGET_VERSION ${config.remote.version})`;
  return 'the EMBEDDED SIMULATOR, not a real target (no BASE_URL set)';
}

/** The Allure report's environment widget: what was checked, where, with what. No secrets. */
function environmentInfo(config: Config, plan: readonly RunTarget[]): Record<string, string> {
  return {
    targets: plan.map((target) => target.name).join(', '),
    base_url: config.remote?.baseUrl ?? 'embedded simulator (loopback)',
    auth_url: config.remote?.authUrl ?? 'embedded simulator (loopback)',
    allow_mutations: String(config.remote ? config.allowMutations : true),
    max_concurrency: String(config.maxConcurrency),
    request_timeout_ms: String(config.requestTimeoutMs),
    node: process.version,
  };
}

await runCli(verify);
