/**
 * The vitest configuration of the suites, built from values: the validated
 * configuration and the run plan go to every project through `provide`, so
 * nothing downstream reads or validates the environment again (the workers
 * `inject` them). The run's setup is a plugin of the suites project
 * (run-setup.ts), made here in the caller's module graph. verify and the kill
 * matrix pass the configuration inline; `vitest.config.ts` builds the same
 * for a developer's plain `vitest`.
 */
import { configDefaults, type ViteUserConfig } from 'vitest/config';
import '../check/check-selection.ts';
import { conformanceSettings } from '../conformance/settings.ts';
import type { SharedRun } from '../http/run-permits.ts';
import type { Config } from '../config/config.ts';
import { suiteWorkers } from '../config/concurrency-policy.ts';
import type { RunProject, RunTarget } from '../run-targets/run-plan.ts';
import { runSetupPlugin, type RunSetupOptions } from './run-setup.ts';
import { ChainsFirstSequencer } from './file-order.ts';
import { moduleCacheEnabled, transformCacheKeyPlugin } from './module-cache.ts';

export interface SuitesOptions {
  /** `verify --only`: the check-id globs; checks outside them are not registered (src/check/check-selection.ts). */
  readonly checkSelection?: readonly string[];
  /** false: no Allure results at all (the kill matrix, src/check/allure-discard.ts). */
  readonly allure?: boolean;
  /** The run's permits (src/http/run-permits.ts), joined by every suite worker; a developer's plain `vitest` has none. */
  readonly permits?: SharedRun;
  /** The run's setup: how an embedded target starts, the run's verifier child, where a failure is told (run-setup.ts). */
  readonly setup?: Omit<RunSetupOptions, 'config' | 'runProject' | 'checkSelection'>;
}

export function suitesConfig(config: Config, plan: readonly RunTarget[], options: SuitesOptions = {}): ViteUserConfig {
  const selection = options.checkSelection && { checkSelection: options.checkSelection };
  const runPermits = options.permits && { runPermits: options.permits };
  // Spelled out in every project: an inline configuration (verify loads no config file) is not what `extends: true` extends.
  const perProject = {
    environment: 'node',
    pool: 'threads',
    // Suite files share nothing but the context cache (keyed by run target, src/run-targets/context.ts), so module reuse is safe and fast.
    isolate: false,
    testTimeout: Math.max(30_000, config.requestTimeoutMs * 4 + (config.expiryMaxWaitSeconds + config.expiryLeewaySeconds) * 1000),
    hookTimeout: Math.max(30_000, config.requestTimeoutMs * 4),
    env: { PACT_DO_NOT_TRACK: 'true' },
    // A subset leaves files without a check of the selection: that is the subset, not an error (an empty selection fails in verify).
    passWithNoTests: options.checkSelection !== undefined,
  } as const;
  // One project for every target of the run (src/run-targets/run-plan.ts): its workers serve both versions' files.
  const suites: RunProject = { name: 'suites', targets: plan };
  // OPENAPI_DIR set: the module suites keep their exchanges, and a conformance project checks them after.
  const conformance = conformanceSettings(config.openapiDir, config.reportsDir);
  // In every project: a project's cache keys come from its own plugins (an inline project does not extend the root's).
  const plugins = [transformCacheKeyPlugin()];
  return {
    test: {
      ...perProject,
      maxWorkers: suiteWorkers(config),
      // The chains of dependent requests start first, so they overlap the rest (src/runner/file-order.ts).
      sequence: { sequencer: ChainsFirstSequencer },
      experimental: { fsModuleCache: moduleCacheEnabled() },
      // reportMatchers off: a matcher step is named after its actual value, which no redaction sees before it is written.
      reporters: ['default', ['allure-vitest/reporter', { resultsDir: `${config.reportsDir}/allure-results`, reportMatchers: false }]],
      projects: [
        {
          plugins: [...plugins, runSetupPlugin({ ...options.setup, config, runProject: suites, ...selection })],
          test: {
            ...perProject,
            name: suites.name,
            include: ['suites/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'suites/conformance/**'],
            provide: { runProject: suites, config, ...(conformance && { conformance }), ...selection, ...runPermits },
            ...(conformance && { globalSetup: ['src/conformance/global-setup.ts'] }),
            sequence: { groupOrder: 0 },
            // The permits' join first: a client takes the run's permits when it is made (src/http/client.ts).
            setupFiles: ['src/http/permits-setup.ts', ...(options.allure === false ? ['src/check/allure-discard.ts'] : ['allure-vitest/setup']), 'src/check/allure-setup.ts', 'src/run-targets/rotations-setup.ts'],
          },
        },
        // Vendor conformance runs after every module suite of the run (a later group), on the exchanges they kept.
        ...(conformance
          ? [
              {
                plugins,
                test: {
                  ...perProject,
                  name: 'conformance',
                  include: ['suites/conformance/*.test.ts'],
                  provide: { runProject: suites, config, conformance, ...selection },
                  sequence: { groupOrder: 1 },
                  setupFiles: ['allure-vitest/setup'],
                },
              },
            ]
          : []),
      ],
    },
  };
}
