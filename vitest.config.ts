/**
 * The suites: one vitest project per run target (each version of the
 * embedded platform, or the configured real target). The global setup of a
 * project resolves its target and opens the shared sessions; workers read
 * them with `inject('target')`.
 */
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { loadConfig } from './src/config/config.ts';
import { groupIntoProjects, resolveRunPlan } from './src/target/run-plan.ts';
import { ENV_FILE_VARIABLE } from './src/target/env-file.ts';
import { originalEnvironment } from './src/config/environment.ts';
import { conformanceSettings } from './src/conformance/settings.ts';

// Snapshot the environment before vitest adds Vite's variables to it (see environment.ts).
originalEnvironment();
const config = loadConfig({ envFile: process.env[ENV_FILE_VARIABLE] });
const projects = groupIntoProjects(resolveRunPlan(config));
// OPENAPI_DIR set: the module suites keep their exchanges, and a conformance project per version checks them after.
const conformance = conformanceSettings(config.openapiDir, config.reportsDir);

export default defineConfig({
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
    projects: [
      ...projects.map((project) => ({
        extends: true as const,
        test: {
          name: project.name,
          include: ['suites/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'suites/conformance/**'],
          provide: { runProject: project, ...(conformance && { conformance }) },
          globalSetup: ['src/target/global-setup.ts', ...(conformance ? ['src/conformance/global-setup.ts'] : [])],
          sequence: { groupOrder: 0 },
          setupFiles: ['allure-vitest/setup', 'src/report/allure-setup.ts'],
        },
      })),
      // Vendor conformance runs after every module suite of the run (a later group), on the exchanges they kept.
      ...(conformance
        ? projects.map((project) => ({
            extends: true as const,
            test: {
              name: `conformance ${project.name}`,
              include: ['suites/conformance/*.test.ts'],
              provide: { runProject: project, conformance },
              sequence: { groupOrder: 1 },
              setupFiles: ['allure-vitest/setup'],
            },
          }))
        : []),
    ],
  },
});
