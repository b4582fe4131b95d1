/**
 * The vitest configuration of the suites, built from values: the validated
 * configuration and the run plan go to every project through `provide`, so
 * nothing downstream reads or validates the environment again (the global
 * setup and the workers `inject` them). verify and the kill matrix pass it
 * inline; `vitest.config.ts` builds the same for a developer's plain `vitest`.
 */
import { availableParallelism } from 'node:os';
import { configDefaults, type ViteUserConfig } from 'vitest/config';
import '../check/check-selection.ts';
import { conformanceSettings } from '../conformance/settings.ts';
import type { Config } from '../config/config.ts';
import { groupIntoProjects, type RunTarget } from '../run-targets/run-plan.ts';

export interface SuitesOptions {
  /** `verify --only`: the check-id globs; checks outside them are not registered (src/check/check-selection.ts). */
  readonly checkSelection?: readonly string[];
}

export function suitesConfig(config: Config, plan: readonly RunTarget[], options: SuitesOptions = {}): ViteUserConfig {
  const selection = options.checkSelection && { checkSelection: options.checkSelection };
  // Spelled out in every project: an inline configuration (verify loads no config file) is not what `extends: true` extends.
  const perProject = {
    environment: 'node',
    pool: 'threads',
    // Suite files share nothing but the per-project context cache (keyed by project), so module reuse is safe and fast.
    isolate: false,
    testTimeout: Math.max(30_000, config.requestTimeoutMs * 4 + (config.expiryMaxWaitSeconds + config.expiryLeewaySeconds) * 1000),
    hookTimeout: Math.max(30_000, config.requestTimeoutMs * 4),
    env: { PACT_DO_NOT_TRACK: 'true' },
    // A subset leaves files without a check of the selection: that is the subset, not an error (an empty selection fails in verify).
    passWithNoTests: options.checkSelection !== undefined,
  } as const;
  const projects = groupIntoProjects(plan);
  // OPENAPI_DIR set: the module suites keep their exchanges, and a conformance project per version checks them after.
  const conformance = conformanceSettings(config.openapiDir, config.reportsDir);
  return {
    test: {
      ...perProject,
      // Suites are I/O-bound: several files wait on the network at once even on two cores.
      maxWorkers: availableParallelism(),
      // reportMatchers off: a matcher step is named after its actual value, which no redaction sees before it is written.
      reporters: ['default', ['allure-vitest/reporter', { resultsDir: `${config.reportsDir}/allure-results`, reportMatchers: false }]],
      projects: [
        ...projects.map((project) => ({
          test: {
            ...perProject,
            name: project.name,
            include: ['suites/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'suites/conformance/**'],
            provide: { runProject: project, config, ...(conformance && { conformance }), ...selection },
            globalSetup: ['src/run-targets/global-setup.ts', ...(conformance ? ['src/conformance/global-setup.ts'] : [])],
            sequence: { groupOrder: 0 },
            setupFiles: ['allure-vitest/setup', 'src/check/allure-setup.ts'],
          },
        })),
        // Vendor conformance runs after every module suite of the run (a later group), on the exchanges they kept.
        ...(conformance
          ? projects.map((project) => ({
              test: {
                ...perProject,
                name: `conformance ${project.name}`,
                include: ['suites/conformance/*.test.ts'],
                provide: { runProject: project, config, conformance, ...selection },
                sequence: { groupOrder: 1 },
                setupFiles: ['allure-vitest/setup'],
              },
            }))
          : []),
      ],
    },
  };
}
