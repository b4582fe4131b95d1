/**
 * The upgrade rehearsal: `npm run verify -- --env-file prod-74.env --env-file staging-80.env`
 * runs a whole `verify` against each real target, one after the other, and
 * merges them into one set of reports (merge-runs.ts): one summary, one
 * migration report with the 7.4 and 8.0 targets side by side, one Allure
 * report, and the cross-version contract comparison of the 8.0 target judged
 * against the 7.4 target's own verdicts on the 7.4 contracts.
 *
 * Each target keeps its own token store and reports: the env file's
 * TOKEN_STORE and REPORTS_DIR when it sets them, else the defaults with the
 * target's version added (`.upgrade-guard/tokens-7.4.json`, `reports-7.4/`);
 * two targets can never share a refresh-token chain (spec §5.8). The merged
 * reports go to REPORTS_DIR of the environment (default `reports`).
 *
 * Ctrl-C or SIGTERM reaches the target's verify that runs (a terminal sends
 * it to both processes; a signal sent to this one alone is passed on): it
 * writes its reports of what finished, marked INTERRUPTED, the next target
 * does not start, and the merged reports say the rehearsal was stopped; the
 * exit status is 130 or 143 (docs/command-line.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sameUrl } from '../auth/endpoints.ts';
import { envFileVariables, loadConfig } from '../config/config.ts';
import { configSchema } from '../config/variables.ts';
import { originalEnvironment } from '../config/environment.ts';
import { RunInterrupted, UpgradeGuardError, errorLine, noAnswerOf, stopSignalExitCodes, type StopSignal } from '../errors.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { mergeRuns } from './merge-runs.ts';
import { removeEarlierReports } from '../report/earlier-reports.ts';
import { commandArguments, runCli } from './run-cli.ts';
import { usageLine } from './usage.ts';
import { takeOverSignals } from './first-signals.ts';
import { parseArgsMessage, refuseRepeatedOptions } from './parse-args-message.ts';
import { verifyOptions } from './verify-options.ts';
import { parseSuiteSelection } from '../runner/suite-selection.ts';


interface RehearsalTarget {
  readonly envFile: string;
  readonly version: PlatformVersion;
  readonly baseUrl: string;
  readonly reportsDir: string;
  readonly tokenStore: string;
}

/** Options that name one part of one run, which a rehearsal of whole runs cannot take. */
const oneRunOptions = ['shard', 'from', 'to', 'version'] as const;

function parseRehearsalArgs(argv: string[]): { readonly envFiles: readonly string[]; readonly html: boolean; readonly history?: string; readonly openapi?: string; readonly conformance: boolean; readonly passed: readonly string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...verifyOptions, 'env-file': { type: 'string', multiple: true } },
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${parseArgsMessage(error)}; ${usageLine('verify')}`);
  }
  const { values, tokens } = parsed;
  refuseRepeatedOptions(tokens, ['--env-file']);
  for (const name of oneRunOptions) {
    if (values[name] !== undefined) throw new UpgradeGuardError('USAGE', `--${name} names a part of one run; with --env-file given more than once, leave it out (each target runs whole)`);
  }
  if (values['latency-ms'] !== undefined) throw new UpgradeGuardError('USAGE', '--latency-ms slows down the embedded platform only; a rehearsal runs against real targets');
  const passed = [
    ...(values.suites !== undefined ? ['--suites', values.suites] : []),
    ...(values.openapi !== undefined ? ['--openapi', values.openapi] : []),
    ...(values.only !== undefined ? ['--only', values.only] : []),
    ...(values.timings ? ['--timings'] : []),
  ];
  return {
    envFiles: values['env-file'] ?? [],
    html: !values['no-html'],
    ...(values.history !== undefined && { history: values.history }),
    ...(values.openapi !== undefined && { openapi: values.openapi }),
    conformance: values.suites !== undefined && parseSuiteSelection(values.suites).includes('conformance'),
    passed,
  };
}

/** `path` with `-<version>` before its extension: `.upgrade-guard/tokens.json` → `.upgrade-guard/tokens-7.4.json`. */
function withVersion(path: string, version: string): string {
  const extension = extname(path);
  return extension === '' ? `${path}-${version}` : `${path.slice(0, -extension.length)}-${version}${extension}`;
}

/** Each env file read and checked up front: a typo in the second must not cost the first target's run. */
function rehearsalTargets(envFiles: readonly string[], mergedDir: string, defaultTokenStore: string, needsDocuments: boolean): RehearsalTarget[] {
  const targets: RehearsalTarget[] = [];
  for (const envFile of envFiles) {
    const config = loadConfig({ envFile });
    if (!config.remote) throw new UpgradeGuardError('USAGE', `--env-file ${envFile} names no real target (BASE_URL): with --env-file given more than once, each names one`);
    if (needsDocuments && config.openapiDir === undefined) {
      throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${envFile}: --suites conformance checks the module exchanges against the vendor's OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR in it`);
    }
    const version = config.remote.version;
    const twin = targets.find((target) => target.version === version);
    if (twin) throw new UpgradeGuardError('USAGE', `--env-file ${envFile} and ${twin.envFile} both name ${version === '8.0' ? 'an' : 'a'} ${version} target: a rehearsal puts a 7.4 and an 8.0 side by side`);
    // An empty value is no value, as everywhere in the configuration (config.ts).
    const own = envFileVariables(envFile);
    const target = { envFile, version, baseUrl: config.remote.baseUrl, reportsDir: own.REPORTS_DIR || `${mergedDir}-${version}`, tokenStore: own.TOKEN_STORE || withVersion(defaultTokenStore, version) };
    refuseSharedFolders(target, targets, mergedDir);
    targets.push(target);
  }
  return targets;
}

/**
 * Two targets are two instances, never share a token store (their refresh-token chains would meet, spec §5.8) nor a
 * reports folder (the second run would remove the first's results), and no target writes where the merged reports go.
 */
function refuseSharedFolders(target: RehearsalTarget, earlier: readonly RehearsalTarget[], mergedDir: string): void {
  const leaveOut = 'set another in one of the files, or leave it out of both (each target then gets its own, named after its version)';
  for (const other of earlier) {
    // A variable of the environment wins over an env file (config.ts): set there, it names one instance for both.
    if (sameUrl(other.baseUrl, target.baseUrl)) {
      const where = originalEnvironment().BASE_URL ? ', set in the environment, which wins over an env file: unset it' : '';
      throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${other.envFile} and ${target.envFile} both name the instance ${target.baseUrl} (BASE_URL${where}): a rehearsal puts two instances side by side`);
    }
    if (resolve(other.tokenStore) === resolve(target.tokenStore)) {
      throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${other.envFile} and ${target.envFile} both name the token store ${target.tokenStore} (TOKEN_STORE): ${leaveOut}`);
    }
    if (resolve(other.reportsDir) === resolve(target.reportsDir)) {
      throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${other.envFile} and ${target.envFile} both name the reports folder ${target.reportsDir} (REPORTS_DIR): ${leaveOut}`);
    }
  }
  if (resolve(target.reportsDir) === resolve(mergedDir)) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${target.envFile} names the reports folder ${target.reportsDir} (REPORTS_DIR), where the rehearsal's merged reports go: set another in the file, or leave it out`);
  }
}

/** The signal that stopped the rehearsal, and the target's verify that runs now (a signal sent here alone goes on to it). */
const stopping: { signal?: StopSignal; child?: ChildProcess } = {};

function watchSignals(): void {
  takeOverSignals();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping.signal ??= signal;
      // A terminal's Ctrl-C reached the child too; a second signal changes nothing there (src/cli/interruption.ts).
      stopping.child?.kill(signal);
    });
  }
}

/** One target's whole verify, in a process of its own; its exit code (a signal as the shell's 128 + n). */
function runTarget(target: RehearsalTarget, passed: readonly string[]): Promise<number> {
  const entry = fileURLToPath(new URL('./entry/verify.ts', import.meta.url));
  // The environment wins over an env file (config.ts): the target's own folders are set here, the rest left to its file.
  const env = { ...process.env, REPORTS_DIR: target.reportsDir, TOKEN_STORE: target.tokenStore };
  const child = spawn(process.execPath, [...process.execArgv, entry, '--env-file', target.envFile, '--no-html', ...passed], { env, stdio: 'inherit' });
  stopping.child = child;
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new UpgradeGuardError('INTERNAL', `verify of ${target.envFile} could not start: ${error.message}`)));
    child.once('exit', (code, signal) => {
      stopping.child = undefined;
      resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? stopSignalExitCodes[signal] : 1));
    });
  });
}

async function rehearse(): Promise<number> {
  const args = parseRehearsalArgs(commandArguments());
  const environment = originalEnvironment();
  const mergedDir = environment.REPORTS_DIR || String(configSchema.properties.REPORTS_DIR.default);
  const defaultTokenStore = environment.TOKEN_STORE || String(configSchema.properties.TOKEN_STORE.default);
  const targets = rehearsalTargets(args.envFiles, mergedDir, defaultTokenStore, args.conformance && args.openapi === undefined);
  watchSignals();
  // The merged reports of an earlier rehearsal must not read as this one's while it runs, or if it is stopped.
  await removeEarlierReports(mergedDir);
  const codes: number[] = [];
  for (const target of targets) {
    if (stopping.signal !== undefined) break;
    process.stdout.write(`Upgrade rehearsal: the ${target.version} target of ${target.envFile} (reports ${target.reportsDir}, token store ${target.tokenStore})\n`);
    codes.push(await runTarget(target, args.passed));
  }
  const stopped = stopping.signal;
  if (stopped !== undefined) {
    // The stopped target printed its one line; what finished is merged without a summary of its own, and the rehearsal says so.
    const ran = targets.slice(0, codes.length).map((target) => target.reportsDir);
    await mergeRuns({ dirs: ran, out: mergedDir, html: args.html, ...(args.history !== undefined && { history: args.history }), print: () => undefined }).catch(() => undefined);
    throw new RunInterrupted(stopped, `the rehearsal was stopped after ${codes.length} of ${targets.length} targets; the merged reports of what finished are in ${mergedDir}`);
  }
  // An error of a target's own run (its one line is printed above) decides the exit code; its results are merged if it wrote any.
  const endedWithError = (code: number | undefined): code is number => code !== undefined && code !== 0 && code !== 1;
  const failed = codes.find(endedWithError);
  const ended = targets.flatMap((target, index) => {
    const code = codes[index];
    return endedWithError(code) ? [`the ${target.version} target's run ended with an error (exit ${code}, its line above)`] : [];
  });
  process.stdout.write(`Upgrade rehearsal: ${ended.length === 0 ? 'both targets in one report' : `${ended.join('; ')}: the report holds what each run wrote`} (${mergedDir})\n`);
  try {
    const merged = await mergeRuns({
      dirs: targets.map((target) => target.reportsDir),
      out: mergedDir,
      html: args.html,
      ...(args.history !== undefined && { history: args.history }),
      ...(args.openapi !== undefined && { openapiDir: args.openapi }),
      print: (line) => process.stdout.write(`${line}\n`),
    });
    return failed ?? Math.max(merged, ...codes);
  } catch (error) {
    if (failed === undefined) throw error;
    // The target's error decides the exit code; the merge's own is still said.
    const said = errorLine(error);
    // A merge of a run cut short, or of one whose target stopped answering, writes its reports, then says so as the run
    // did (TARGET_TIMEOUT, TARGET_UNREACHABLE: merge-runs.ts): they are not lost.
    const written = noAnswerOf(error) !== undefined;
    process.stdout.write(`Upgrade rehearsal: ${written ? '' : 'the reports could not be merged: '}${said}\n`);
    return failed;
  }
}

await runCli(rehearse);
