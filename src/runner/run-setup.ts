/**
 * The suites' run, set up by the process that starts vitest (verify, the
 * kill matrix, a developer's plain `vitest`), in its own module graph: a
 * vitest plugin's `configureVitest` runs there, where a global setup would
 * run in vitest's module runner and reach the command's objects (the
 * simulator it loaded, the run's verifier child, where a failure is told)
 * only through globalThis. The plugin
 * - resolves each run target (starts the embedded platform without BASE_URL),
 *   opens its shared sessions, and provides the targets to the workers: a
 *   login that fails ends the setup, as a target that does not start does;
 * - runs the contract suite's provider verification when the suite's
 *   worker imports it (src/contracts/suite-verification.ts), as the module
 *   `handedVerification` names: vitest's own channel fetches a worker's
 *   modules from this process, so the verdicts need no channel of their own.
 * Why not verify at once, while the workers load: a verification started
 * then takes the CPU the workers' start needs and ends no sooner (`npm run
 * bench` at 50 and 200 ms a request shows it).
 */
import { serialize } from 'node:v8';
import type { Plugin } from 'vite';
import type { TestProject, Vitest } from 'vitest/node';
import type { Config } from '../config/config.ts';
import { TARGETS_STARTED_AT_ONCE } from '../config/concurrency-policy.ts';
import { chromiumExecutable, launchChromiumServer } from '../auth/chromium.ts';
import type { VerifierChild } from '../contracts/quiet-verification.ts';
import type { SuiteVerification } from '../contracts/suite-verification.ts';
import { ConcurrencyLimiter } from '../http/limiter.ts';
import { SecretRegistry } from '../http/redact.ts';
import type { ResolvedTarget, startEmbeddedTarget } from '../run-targets/embedded.ts';
import { remoteTarget } from '../run-targets/remote.ts';
import type { RunProject, RunTarget } from '../run-targets/run-plan.ts';
import { loginFailure, openSessions } from '../run-targets/sessions.ts';
import type { SetupFailures } from '../run-targets/setup-failures.ts';
import { guardStackMapping } from '../run-targets/stack-mapping-guard.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { loginsMeasurePrefix, reportTraffic, setupMeasurePrefix } from '../run-targets/traffic.ts';
import type { TrafficStats } from '../../simulator/platform.ts';

export type EmbeddedStarter = typeof startEmbeddedTarget;

export interface RunSetupOptions {
  readonly config: Config;
  readonly runProject: RunProject;
  /** Starts an embedded target (the kill matrix's observes the simulator); the simulator's own when absent. */
  readonly startEmbedded?: EmbeddedStarter;
  /** The run's one Pact verifier child (src/cli/verify.ts); without one, the verification starts its own. */
  readonly verifier?: VerifierChild;
  /** Told the first coded failure of the setup, a login's among them (verify prints it as its one line). */
  readonly failures?: SetupFailures;
  /** Called once every target is up and logged in, before any worker starts (verify: from then a signal cancels the run). */
  readonly onSetUp?: () => void;
  /** `verify --only`: the contract suite's verification replays only the interactions of selected checks. */
  readonly checkSelection?: readonly string[];
}

/** The module whose default export is the contract suite's verification (suites/contracts/contracts.test.ts imports it). */
const handedVerification = 'virtual:upgrade-guard/contract-verification';
const handedVerificationId = `\0${handedVerification}`;

export function runSetupPlugin(options: RunSetupOptions): Plugin {
  let verified: (() => Promise<SuiteVerification>) | undefined;
  let handedCode: Promise<string> | undefined;
  return {
    name: 'upgrade-guard:run-setup',
    async configureVitest({ project, vitest, experimental_defineCacheKeyGenerator }) {
      // The run's verdicts stay out of the transform cache on disk (src/runner/module-cache.ts): it would gain a file
      // with every run, and a target's data has no business in node_modules. The suites' threads pool copies nothing of
      // a module to disk either (vitest's forks pools would).
      experimental_defineCacheKeyGenerator(({ id }) => (id === handedVerificationId ? false : ''));
      // Before any work of this process reads a stack (Playwright reads one on every call): stack-mapping-guard.ts.
      guardStackMapping();
      // The setup is the root of its sessions: their passwords and tokens are known here, and scrubbed from a failure.
      const secrets = new SecretRegistry();
      try {
        verified = await setUpRun(project, vitest, options, secrets);
      } catch (error) {
        options.failures?.record(error, secrets);
        throw error;
      }
    },
    resolveId(id) {
      return id === handedVerification ? handedVerificationId : undefined;
    },
    async load(id) {
      if (id !== handedVerificationId) return undefined;
      // Workers start once the setup is done, so a worker's import always finds it; vite may load the module more
      // than once. Serialized as structured data, as the verifier child sent it (src/contracts/quiet-verification.ts).
      if (!verified) throw new Error('the contract verification was imported outside a run');
      handedCode ??= verified().then(
        (verification) => `import { deserialize } from 'node:v8';\nexport default deserialize(Buffer.from(${JSON.stringify(serialize(verification).toString('base64'))}, 'base64'));\n`,
      );
      // No source map: there is no source to map back to, and vite would otherwise make one over the whole literal.
      return { code: await handedCode, map: { mappings: '' } };
    },
  };
}

/** Sets the run up; returns the contract suite's verification, started at the first call. */
async function setUpRun(project: TestProject, vitest: Vitest, options: RunSetupOptions, secrets: SecretRegistry): Promise<() => Promise<SuiteVerification>> {
  const { config, runProject } = options;
  const limiter = new ConcurrencyLimiter(TARGETS_STARTED_AT_ONCE);
  const closers: Array<() => Promise<void>> = [];
  const traffic: Array<{ readonly runTarget: RunTarget; readonly stats: () => TrafficStats }> = [];
  // The suite's worker imports the verification only once the setup has returned, so it reads the targets opened below.
  let targets: TargetInfo[] = [];
  let verification: Promise<SuiteVerification> | undefined;
  const verified = (): Promise<SuiteVerification> =>
    // Loaded when the suite imports it: a run without the contract suite never loads the verification's modules.
    (verification ??= import('../contracts/suite-verification.ts')
      .then(({ verifySuiteContracts }) => verifySuiteContracts({ config, runProject, targets, secrets, child: options.verifier, checkSelection: options.checkSelection }))
      // It reports what kept it from running as problems; anything else is a defect of ours, and still no hang.
      .catch(
        (error: unknown): SuiteVerification => ({
          // Every target gets the problem's check (the suite declares a target's checks where it has results).
          results: Object.fromEntries(targets.map((target) => [target.project, []])),
          problems: [{ id: 'contract.run', label: 'the contracts', message: secrets.scrub(error instanceof Error ? error.message : String(error)) }],
        }),
      ));
  let closed: Promise<void> | undefined;
  // Once: vitest keeps a restarted watch run's close listeners along with the new run's.
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      // A verification still under way uses the platforms: it ends (at RUN_TIMEOUT_S at the latest) before they close.
      await verification;
      // verify --latency-ms: what each target served, for the benchmark (scripts/bench-verify.ts).
      for (const { runTarget, stats } of traffic) await reportTraffic(config.reportsDir, runTarget.name, runTarget.version, stats());
      await Promise.all(closers.map((closer) => closer()));
    })());
  const started = performance.now();
  try {
    const startEmbedded = config.remote ? undefined : (options.startEmbedded ?? (await import('../run-targets/embedded.ts')).startEmbeddedTarget);
    const loginBrowser = await launchLoginBrowser(config, closers);
    const resolved = await Promise.all(
      runProject.targets.map((runTarget) =>
        limiter.run(async () => {
          const resolved = await resolve(config, runTarget, startEmbedded);
          closers.push(resolved.close);
          if (resolved.traffic) traffic.push({ runTarget, stats: resolved.traffic });
          return loginBrowser ? { ...resolved.target, loginBrowser } : resolved.target;
        }),
      ),
    );
    // The run's timeline (verify --timings reads it): the setup runs in the process that started vitest.
    performance.measure(`${setupMeasurePrefix}${targetNames(runProject.targets)}`, { start: started });
    targets = await openAllSessions(resolved, limiter, secrets);
  } catch (error) {
    await close();
    throw error;
  }
  vitest.onClose(close);
  options.onSetUp?.();
  project.provide('targets', targets);
  return verified;
}

/**
 * Each target with its shared sessions open, the expiry instance's token among them. The first failure is the setup's
 * (sessions.ts `loginFailure`).
 */
async function openAllSessions(targets: readonly TargetInfo[], limiter: ConcurrencyLimiter, secrets: SecretRegistry): Promise<TargetInfo[]> {
  const started = performance.now();
  let failure: unknown;
  // Every login settles before the setup fails: the targets close only once none of them uses a target or its store.
  const opened = await Promise.all(
    targets.map((target) =>
      limiter.run(async () => {
        // After a failure the logins still queued are not started: the run ends with that failure.
        if (failure !== undefined) return undefined;
        // The process that started vitest: its stdout is the run's output.
        return openSessions(target, secrets, (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
          failure ??= error;
          return undefined;
        });
      }),
    ),
  );
  performance.measure(`${loginsMeasurePrefix}${targetNames(targets.map((target) => ({ name: target.project })))}`, { start: started });
  if (failure !== undefined) throw loginFailure(failure);
  return opened.filter((target) => target !== undefined);
}

function targetNames(targets: readonly { readonly name: string }[]): string {
  return targets.length <= 2 ? targets.map((target) => target.name).join(', ') : `of ${targets.length} targets`;
}

/** LOGIN_DRIVER=browser: one Chromium for the project's logins, closed with the project's targets. */
async function launchLoginBrowser(config: Config, closers: Array<() => Promise<void>>): Promise<TargetInfo['loginBrowser']> {
  if (config.loginDriver !== 'browser') return undefined;
  const server = await launchChromiumServer(chromiumExecutable(config.chromiumPath), Math.max(30_000, config.requestTimeoutMs));
  closers.push(() => server.close());
  return { wsEndpoint: server.wsEndpoint() };
}

function resolve(config: Config, runTarget: RunTarget, startEmbedded: EmbeddedStarter | undefined): Promise<ResolvedTarget> | ResolvedTarget {
  return startEmbedded ? startEmbedded(config, runTarget) : remoteTarget(config, runTarget);
}
