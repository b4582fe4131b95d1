/**
 * For a developer's plain `npx vitest --config vitest.config.ts`: the same
 * suites configuration verify passes inline (src/runner/suites-config.ts),
 * from `.env` and the environment, read once here. verify itself does not
 * load this file.
 */
import { defineConfig } from 'vitest/config';
import { loadConfig } from './src/config/config.ts';
import { suitesConfig } from './src/runner/suites-config.ts';
import { defaultRunPlan } from './src/run-targets/run-plan.ts';

const config = loadConfig();

export default defineConfig(suitesConfig(config, defaultRunPlan(config)));
