/**
 * The suites: one vitest project per run target (each version of the
 * embedded platform, or the configured real target). The global setup of a
 * project resolves its target and opens the shared sessions; workers read
 * them with `inject('target')`.
 */
import { defineConfig } from 'vitest/config';
import { loadConfig } from './src/config/config.ts';
import { resolveRunPlan } from './src/target/run-plan.ts';
import { ENV_FILE_VARIABLE } from './src/target/env-file.ts';

const config = loadConfig({ envFile: process.env[ENV_FILE_VARIABLE] });
const plan = resolveRunPlan(config);

export default defineConfig({
  test: {
    environment: 'node',
    // Suites are I/O-bound: several files wait on the network at once even on two cores.
    maxWorkers: Math.max(2, Math.min(config.maxConcurrency, 6)),
    testTimeout: Math.max(30_000, config.requestTimeoutMs * 4 + config.expiryMaxWaitSeconds * 1000),
    hookTimeout: Math.max(30_000, config.requestTimeoutMs * 4),
    reporters: ['default', ['allure-vitest/reporter', { resultsDir: `${config.reportsDir}/allure-results` }]],
    env: { PACT_DO_NOT_TRACK: 'true' },
    projects: plan.map((target) => ({
      extends: true,
      test: {
        name: target.name,
        include: ['suites/**/*.test.ts'],
        provide: { runTarget: target },
        globalSetup: ['src/target/global-setup.ts'],
        setupFiles: ['allure-vitest/setup', 'src/report/allure-setup.ts'],
      },
    })),
  },
});
