/**
 * The vitest configuration of the suites, built from values: the validated
 * configuration and the run plan go to every project through `provide`, so
 * nothing downstream reads or validates the environment again (the global
 * setup and the workers `inject` them). verify and the kill matrix pass it
 * inline; `vitest.config.ts` builds the same for a developer's plain `vitest`.
 */
import { availableParallelism } from 'node:os';
import type { ViteUserConfig } from 'vitest/config';
import type { Config } from '../config/config.ts';
import { groupIntoProjects, type RunTarget } from '../target/run-plan.ts';

export function suitesConfig(config: Config, plan: readonly RunTarget[]): ViteUserConfig {
  return {
    test: {
      environment: 'node',
      pool: 'threads',
      // Suite files share nothing but the per-project context cache (keyed by project), so module reuse is safe and fast.
      isolate: false,
      // Suites are I/O-bound: several files wait on the network at once even on two cores.
      maxWorkers: availableParallelism(),
      testTimeout: Math.max(30_000, config.requestTimeoutMs * 4 + config.expiryMaxWaitSeconds * 1000),
      hookTimeout: Math.max(30_000, config.requestTimeoutMs * 4),
      // reportMatchers off: a matcher step is named after its actual value, which no redaction sees before it is written.
      reporters: ['default', ['allure-vitest/reporter', { resultsDir: `${config.reportsDir}/allure-results`, reportMatchers: false }]],
      env: { PACT_DO_NOT_TRACK: 'true' },
      projects: groupIntoProjects(plan).map((project) => ({
        extends: true,
        test: {
          name: project.name,
          include: ['suites/**/*.test.ts'],
          provide: { runProject: project, config },
          globalSetup: ['src/target/global-setup.ts'],
          setupFiles: ['allure-vitest/setup', 'src/report/allure-setup.ts'],
        },
      })),
    },
  };
}
