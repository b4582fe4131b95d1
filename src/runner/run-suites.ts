/**
 * Runs the suites through vitest's node API with the project's
 * vitest.config.ts. The plan and env file reach the config and the global
 * setups through the environment, since both load in this process.
 */
import type { Writable } from 'node:stream';
import { startVitest, type TestUserConfig } from 'vitest/node';
import { PLAN_VARIABLE, type RunTarget } from '../target/run-plan.ts';
import { ENV_FILE_VARIABLE } from '../target/env-file.ts';
import { collectResults, type RunResults } from './results.ts';

export interface RunSuitesOptions {
  readonly envFile?: string;
  /** Overrides the configuration's plan (the kill matrix runs every fault). */
  readonly plan?: readonly RunTarget[];
  /** vitest reporters; the config's (console + Allure) when absent. */
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

export async function runSuites(options: RunSuitesOptions = {}): Promise<RunResults> {
  if (options.plan) process.env[PLAN_VARIABLE] = JSON.stringify(options.plan);
  if (options.envFile) process.env[ENV_FILE_VARIABLE] = options.envFile;
  const vitest = await startVitest(
    'test',
    [...(options.filters ?? [])],
    {
      config: 'vitest.config.ts',
      run: true,
      watch: false,
      ...(options.reporters !== undefined && { reporters: options.reporters }),
    },
    {},
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
