/**
 * Vitest global setup, once per run, in the main process: resolve each
 * run target of the run (from the provided configuration and run plan) (start the embedded platform when there is no
 * BASE_URL), open its shared sessions, and provide them all to the
 * workers. A bad configuration or an unreachable target fails here, once,
 * with a coded error.
 */
import type { TestProject } from 'vitest/node';
import type { Config } from '../config/config.ts';
import { chromiumExecutable, launchChromiumServer } from '../auth/chromium.ts';
import { ConcurrencyLimiter } from '../http/limiter.ts';
import { SecretRegistry } from '../http/redact.ts';
import { startEmbeddedTarget, type ResolvedTarget } from './embedded.ts';
import { remoteTarget } from './remote.ts';
import type { RunTarget } from './run-plan.ts';
import { openSessions } from './sessions.ts';
import { guardStackMapping } from './stack-mapping-guard.ts';
import type { TargetInfo } from './target-info.ts';
import { recordSetupFailure } from './setup-failures.ts';
import { reportTraffic, setupMeasurePrefix } from './traffic.ts';
import type { TrafficStats } from '../../simulator/platform.ts';

// Before any work of this process reads a stack (Playwright reads one on every call): stack-mapping-guard.ts.
guardStackMapping();

/** Targets started at once: the kill matrix has dozens per project. */
const STARTUP_CONCURRENCY = 8;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The setup is the root of its sessions: their passwords and tokens are known here, and scrubbed from a failure before verify prints it.
  const secrets = new SecretRegistry();
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
  const close = async (): Promise<void> => {
    // verify --latency-ms: what each target served, for the benchmark (scripts/bench-verify.ts).
    for (const { runTarget, stats } of traffic) await reportTraffic(config.reportsDir, runTarget.name, runTarget.version, stats());
    await Promise.all(closers.map((closer) => closer()));
  };
  const started = performance.now();
  try {
    const loginBrowser = await launchLoginBrowser(config, closers);
    const targets = await Promise.all(
      runProject.targets.map((runTarget) =>
        limiter.run(async () => {
          const resolved = await resolve(config, runTarget);
          closers.push(resolved.close);
          if (resolved.traffic) traffic.push({ runTarget, stats: resolved.traffic });
          const target = loginBrowser ? { ...resolved.target, loginBrowser } : resolved.target;
          // Global setup runs in verify's own process: its stdout is the run's output.
          return openSessions(target, secrets, (line) => process.stdout.write(`${line}\n`));
        }),
      ),
    );
    project.provide('targets', targets);
    // The run's timeline (verify --timings reads it): global setup runs in verify's own process.
    const names = runProject.targets.map((runTarget) => runTarget.name);
    performance.measure(`${setupMeasurePrefix}${names.length <= 2 ? names.join(', ') : `of ${names.length} targets`}`, { start: started });
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}

/** LOGIN_DRIVER=browser: one Chromium for the project's logins, closed with the project's targets. */
async function launchLoginBrowser(config: Config, closers: Array<() => Promise<void>>): Promise<TargetInfo['loginBrowser']> {
  if (config.loginDriver !== 'browser') return undefined;
  const server = await launchChromiumServer(chromiumExecutable(config.chromiumPath), Math.max(30_000, config.requestTimeoutMs));
  closers.push(() => server.close());
  return { wsEndpoint: server.wsEndpoint() };
}

function resolve(config: Config, runTarget: RunTarget): Promise<ResolvedTarget> | ResolvedTarget {
  return config.remote ? remoteTarget(config, runTarget) : startEmbeddedTarget(config, runTarget);
}

