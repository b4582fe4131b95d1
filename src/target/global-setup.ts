/**
 * Vitest global setup, once per project (run target), in the main process:
 * resolve the target (start the embedded platform when there is no
 * BASE_URL), open the shared sessions, and provide everything to the
 * workers. A bad configuration or an unreachable target fails here, once,
 * with a coded error.
 */
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config/config.ts';
import { ENV_FILE_VARIABLE } from './env-file.ts';
import { startEmbeddedTarget } from './embedded.ts';
import { remoteTarget } from './remote.ts';
import { openSessions } from './sessions.ts';
import { recordSetupFailure } from './setup-failures.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    return await resolveTarget(project);
  } catch (error) {
    recordSetupFailure(error);
    throw error;
  }
}

async function resolveTarget(project: TestProject): Promise<() => Promise<void>> {
  const config = loadConfig({ envFile: process.env[ENV_FILE_VARIABLE] });
  const { runTarget } = project.getProvidedContext();
  const resolved = config.remote ? remoteTarget(config, runTarget) : await startEmbeddedTarget(config, runTarget);
  try {
    const target = await openSessions(resolved.target);
    project.provide('target', target);
  } catch (error) {
    await resolved.close();
    throw error;
  }
  return resolved.close;
}
