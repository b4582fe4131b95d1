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

// vitest copies Vite's variables into process.env once it has read this file (BASE_URL='/' among them, and BASE_URL
// is ours): read again, when a watch run restarts on a change of its configuration, this file no longer sees the
// environment vitest started with (src/config/environment.ts).
if (['MODE', 'DEV', 'PROD'].every((name) => process.env[name] !== undefined)) {
  throw new Error('vitest changed the environment after it first read vitest.config.ts: stop vitest and start it again');
}
const config = loadConfig();

export default defineConfig(suitesConfig(config, defaultRunPlan(config)));
