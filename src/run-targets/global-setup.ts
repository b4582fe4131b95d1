/**
 * Vitest global setup, once per run, in the main process: resolve each
 * run target of the run (from the provided configuration and run plan)
 * (start the embedded platform when there is no BASE_URL) and provide them
 * to the workers, then open each target's shared sessions while vitest
 * starts its workers: the sessions reach them through the session handoff
 * (session-handoff.ts). A bad configuration or an unreachable target fails
 * here, once, with a coded error; a login that fails records its coded
 * error the same way and cancels the run.
 */
import type { TestProject } from 'vitest/node';
import type { Config } from '../config/config.ts';
import { chromiumExecutable, launchChromiumServer } from '../auth/chromium.ts';
import { ConcurrencyLimiter } from '../http/limiter.ts';
import { SecretRegistry } from '../http/redact.ts';
import type { ResolvedTarget } from './embedded.ts';
import { embeddedStarter, type EmbeddedStarter } from './embedded-starter.ts';
import { remoteTarget } from './remote.ts';
import type { RunTarget } from './run-plan.ts';
import { openSessions } from './sessions.ts';
import { guardStackMapping } from './stack-mapping-guard.ts';
import type { TargetInfo } from './target-info.ts';
import { forgetSetupFailures, recordSetupFailure } from './setup-failures.ts';
import { loginsMeasurePrefix, reportTraffic, setupMeasurePrefix } from './traffic.ts';
import { loginFailure, openedSessionsOf, SessionHandoff, withoutSessions } from './session-handoff.ts';
import type { TrafficStats } from '../../simulator/platform.ts';

// Before any work of this process reads a stack (Playwright reads one on every call): stack-mapping-guard.ts.
guardStackMapping();

/** Targets started at once: the kill matrix has dozens per project. */
const STARTUP_CONCURRENCY = 8;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The setup is the root of its sessions: their passwords and tokens are known here, and scrubbed from a failure before verify prints it.
  const secrets = new SecretRegistry();
  // A failure of an earlier run of this process is not this run's (the reporters and verify read the record).
  forgetSetupFailures();
  try {
    return await resolveTargets(project, secrets);
  } catch (error) {
    recordSetupFailure(error, secrets);
    throw error;
  }
}

async function resolveTargets(project: TestProject, secrets: SecretRegistry): Promise<() => Promise<void>> {
  // Validated once by the command that started the run (src/runner/suites-config.ts).
  const { runProject, config } = project.getProvidedContext();
  const limiter = new ConcurrencyLimiter(STARTUP_CONCURRENCY);
  const closers: Array<() => Promise<void>> = [];
  const traffic: Array<{ readonly runTarget: RunTarget; readonly stats: () => TrafficStats }> = [];
  const handoff = new SessionHandoff();
  let logins: Promise<unknown> = Promise.resolve();
  const close = async (): Promise<void> => {
    // A login still under way uses the platforms: it ends (each of its requests is bounded, by RUN_TIMEOUT_S too) before they close.
    await logins;
    handoff.close();
    // verify --latency-ms: what each target served, for the benchmark (scripts/bench-verify.ts).
    for (const { runTarget, stats } of traffic) await reportTraffic(config.reportsDir, runTarget.name, runTarget.version, stats());
    await Promise.all(closers.map((closer) => closer()));
  };
  const started = performance.now();
  try {
    // Without BASE_URL: the simulator the command that started the run has loaded already, if it lent it.
    const startEmbedded = config.remote ? undefined : await embeddedStarter();
    const loginBrowser = await launchLoginBrowser(config, closers);
    const targets = await Promise.all(
      runProject.targets.map((runTarget) =>
        limiter.run(async () => {
          const resolved = await resolve(config, runTarget, startEmbedded);
          closers.push(resolved.close);
          if (resolved.traffic) traffic.push({ runTarget, stats: resolved.traffic });
          return loginBrowser ? { ...resolved.target, loginBrowser } : resolved.target;
        }),
      ),
    );
    project.provide('targets', targets.map(withoutSessions));
    project.provide('sessionHandoff', handoff.name);
    // The run's timeline (verify --timings reads it): global setup runs in verify's own process.
    performance.measure(`${setupMeasurePrefix}${targetNames(runProject.targets)}`, { start: started });
    // Settles every target on the handoff whatever happens; only its closing measure could throw, and that is no failure.
    logins = openAllSessions(project, targets, handoff, limiter, secrets).catch(() => undefined);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}

/**
 * Each target's logins, settled on the handoff as they end; never rejects, and settles every target, or a worker
 * would wait for it forever. The first failure is the run's: it is recorded for verify's coded line
 * (setup-failures.ts) and the run is cancelled, as a failed setup ended it before.
 */
async function openAllSessions(project: TestProject, targets: readonly TargetInfo[], handoff: SessionHandoff, limiter: ConcurrencyLimiter, secrets: SecretRegistry): Promise<void> {
  const started = performance.now();
  let failed = false;
  const open = async (target: TargetInfo): Promise<void> => {
    try {
      // Global setup runs in verify's own process: its stdout is the run's output.
      const opened = await limiter.run(() => openSessions(target, secrets, (line) => process.stdout.write(`${line}\n`)));
      handoff.settle(target.project, openedSessionsOf(opened));
    } catch (error) {
      const failure = loginFailure(error);
      handoff.fail(target.project, failure, secrets);
      if (failed) return;
      failed = true;
      recordSetupFailure(failure, secrets);
      // As a failed check does under bail: the checks still running end, none starts.
      void project.vitest.cancelCurrentRun('test-failure').catch(() => undefined);
    }
  };
  await Promise.all(targets.map(open));
  performance.measure(`${loginsMeasurePrefix}${targetNames(targets.map((target) => ({ name: target.project })))}`, { start: started });
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

/** `startEmbedded`: the embedded platform's starter when there is no BASE_URL (embedded-starter.ts). */
function resolve(config: Config, runTarget: RunTarget, startEmbedded: EmbeddedStarter | undefined): Promise<ResolvedTarget> | ResolvedTarget {
  return startEmbedded ? startEmbedded(config, runTarget) : remoteTarget(config, runTarget);
}

