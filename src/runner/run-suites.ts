/**
 * Runs the suites through vitest's node API. The configuration and the run
 * plan are values: they reach the projects' global setup and the workers
 * through `provide` (src/runner/suites-config.ts), never through the
 * environment, and no config file is loaded.
 */
import type { Writable } from 'node:stream';
import { startVitest, type TestUserConfig } from 'vitest/node';
import type { Config } from '../config/config.ts';
import type { RunTarget } from '../target/run-plan.ts';
import { collectResults, type RunResults } from './results.ts';
import { suitesConfig } from './suites-config.ts';

export interface RunSuitesOptions {
  readonly config: Config;
  /** The run targets: verify's default plan, or the kill matrix's one per fault. */
  readonly plan: readonly RunTarget[];
  /** vitest reporters; console + Allure when absent. */
  readonly reporters?: TestUserConfig['reporters'];
  /** Only test files whose path contains one of these. */
  readonly filters?: readonly string[];
  /**
   * Where vitest's own logger writes (banners, unhandled-error dumps with
   * stacks). verify passes a sink: its reporters and summary say what
   * matters, and a setup failure becomes one coded line.
   */
  readonly vitestOutput?: Writable;
}

export async function runSuites(options: RunSuitesOptions): Promise<RunResults> {
  const vitest = await startVitest(
    'test',
    [...(options.filters ?? [])],
    {
      config: false,
      run: true,
      watch: false,
      ...(options.reporters !== undefined && { reporters: options.reporters }),
    },
    suitesConfig(options.config, options.plan),
    vitestStreams(options.vitestOutput),
  );
  try {
    return collectResults(vitest.state.getTestModules(), vitest.state.getUnhandledErrors());
  } finally {
    await vitest.close();
  }
}

function vitestStreams(output: Writable | undefined): NonNullable<Parameters<typeof startVitest>[4]> {
  return output ? { stdout: output, stderr: output } : {};
}
