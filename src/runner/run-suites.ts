/**
 * Runs the suites through vitest's node API. The configuration and the run
 * plan are values: they reach the run's setup (run-setup.ts) and the workers
 * through `provide` (src/runner/suites-config.ts), never through the
 * environment, and no config file is loaded.
 */
import type { Writable } from 'node:stream';
import { startVitest, type Reporter, type TestUserConfig } from 'vitest/node';
import type { Config } from '../config/config.ts';
import type { RunTarget } from '../run-targets/run-plan.ts';
import { collectResults, type RunResults } from './results.ts';
import { suitesConfig } from './suites-config.ts';
import { suiteTimings } from './timings.ts';
import { RunPermits } from '../http/run-permits.ts';
import { RunInterrupted, stopSignals } from '../errors.ts';
import { runDeadlineOf } from '../http/run-deadline.ts';
import type { DeviationName } from '../../simulator/faults/index.ts';
import type { VerifierChild } from '../contracts/quiet-verification.ts';
import type { SetupFailures } from '../run-targets/setup-failures.ts';
import type { EmbeddedStarter } from './run-setup.ts';

type ReporterList = Extract<NonNullable<TestUserConfig['reporters']>, readonly unknown[]>;

export interface RunSuitesOptions {
  readonly config: Config;
  /** The run targets: verify's default plan, or the kill matrix's one per fault. */
  readonly plan: readonly RunTarget[];
  /** vitest reporters; console + Allure when absent. */
  readonly reporters?: ReporterList;
  /** Only test files whose path contains one of these. */
  readonly filters?: readonly string[];
  /**
   * Where vitest's own logger writes (banners, unhandled-error dumps with
   * stacks). verify passes a sink: its reporters and summary say what
   * matters, and a setup failure becomes one coded line.
   */
  readonly vitestOutput?: Writable;
  /** Cancels the run when aborted (RUN_TIMEOUT_S): checks that have not finished are left out of the results. */
  readonly signal?: AbortSignal;
  /** `verify --only`: the check-id globs of the run. */
  readonly checkSelection?: readonly string[];
  /** false: the run writes no Allure results (the kill matrix judges the checks by their state and meta). */
  readonly allure?: boolean;
  /** The run's one Pact verifier child (src/cli/verify.ts), shared with the contract-breaks step. */
  readonly verifier?: VerifierChild;
  /** Told the first coded failure of the run's setup, a login's among them (src/runner/run-setup.ts). */
  readonly setupFailures?: SetupFailures;
  /** Called once the run's setup has its targets up and logged in (run-setup.ts `onSetUp`). */
  readonly onSetUp?: () => void;
  /** Told whenever an embedded target's simulator asks whether a fault is on, with the target's name (the kill matrix's trace). */
  readonly onFaultConsulted?: (targetName: string, fault: DeviationName) => void;
}

export async function runSuites(options: RunSuitesOptions): Promise<RunResults> {
  // Provided to vitest's workers, which join them (src/http/permits-setup.ts): MAX_CONCURRENCY bounds the run, not each worker.
  const permits = RunPermits.share(options.config.maxConcurrency, runDeadlineOf(options.config));
  const ownListeners = signalListeners();
  const startEmbedded = options.config.remote ? undefined : observed((await import('../run-targets/embedded.ts')).startEmbeddedTarget, options.onFaultConsulted);
  const vitest = await startVitest(
    'test',
    [...(options.filters ?? [])],
    {
      config: false,
      run: true,
      watch: false,
      // The signals are taken back again once vitest has started: its reporters may have added listeners of their own.
      reporters: [...(options.reporters ?? ['default']), ...cancelOn(options.signal, permits), { onInit: () => leaveSignals(ownListeners) }],
    },
    {
      ...suitesConfig(options.config, options.plan, {
        ...(options.checkSelection && { checkSelection: options.checkSelection }),
        ...(options.allure === false && { allure: false }),
        permits: permits.shared,
        setup: { ...(startEmbedded && { startEmbedded }), ...(options.verifier && { verifier: options.verifier }), ...(options.setupFailures && { failures: options.setupFailures }), ...(options.onSetUp && { onSetUp: options.onSetUp }) },
      }),
      // vite runs this `config` hook right after vitest's own, and nothing in between waits on I/O (no config file): no
      // signal reaches vitest's logger's listeners, added as vitest started.
      plugins: [{ name: 'upgrade-guard:leave-signals', config: () => leaveSignals(ownListeners) }],
    },
    vitestStreams(options.vitestOutput),
  );
  try {
    const modules = vitest.state.getTestModules();
    return { ...collectResults(modules, vitest.state.getUnhandledErrors()), timings: suiteTimings(modules) };
  } finally {
    await vitest.close();
  }
}

function observed(start: EmbeddedStarter, onFaultConsulted: RunSuitesOptions['onFaultConsulted']): EmbeddedStarter {
  if (!onFaultConsulted) return start;
  return (config, runTarget, options) => start(config, runTarget, { ...options, onFaultConsulted: (fault) => onFaultConsulted(runTarget.name, fault) });
}

/**
 * A reporter whose only job is to hold the run's handle and cancel it when the signal fires: once no thread of the run
 * is taking or holding the token store's lock (`permits.lockOperationsSettled`; a thread still taking it gives up at
 * once), since vitest's cancellation stops its workers, and a worker stopped mid-rotation would lose the rotated pair
 * (spec §5.8).
 */
export function cancelOn(signal: AbortSignal | undefined, permits: RunPermits): Reporter[] {
  if (!signal) return [];
  let cancel = (): void => undefined;
  let firstQueued = false;
  return [
    {
      onInit(vitest) {
        // Its promise settles with the run; the run's own failure is reported by whoever awaits the run.
        cancel = (): void => {
          // A signal (not the deadline, which every thread keeps itself): no request waits for a permit from now on.
          if (signal.reason instanceof RunInterrupted) permits.stop(signal.reason.signal);
          void permits.lockOperationsSettled().then(() => vitest.cancelCurrentRun('keyboard-input').catch(() => undefined));
        };
        if (signal.aborted) cancel();
        else signal.addEventListener('abort', cancel, { once: true });
      },
      // vitest forgets a cancellation that came before its run started (while the run's setup started the targets and
      // opened their sessions):
      // the first file queued asks again. Only the first: a run already cancelling is not cancelled twice.
      onTestModuleQueued() {
        if (firstQueued) return;
        firstQueued = true;
        if (signal.aborted) cancel();
      },
    },
  ];
}

/**
 * vitest's logger answers SIGINT and SIGTERM by exiting the process at once, with no line and no report:
 * the caller decides what a signal does (verify: src/cli/interruption.ts), so the listeners vitest added go as soon as
 * vitest's configuration starts, before the run's setup starts its targets (run-setup.ts), and again once its reporters
 * have started. The process's own, and a calling vitest's, stay.
 */
function leaveSignals(before: ReadonlySet<unknown>): void {
  for (const name of stopSignals) for (const listener of process.listeners(name)) if (!before.has(listener)) process.off(name, listener);
}

function signalListeners(): ReadonlySet<unknown> {
  return new Set(stopSignals.flatMap((name) => process.listeners(name)));
}

function vitestStreams(output: Writable | undefined): NonNullable<Parameters<typeof startVitest>[4]> {
  return output ? { stdout: output, stderr: output } : {};
}
