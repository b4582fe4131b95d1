/**
 * RUN_TIMEOUT_S bounds the whole run (docs/configuration.md, "Time bounds"). verify fixes
 * the moment once (`Config.runDeadlineAt`); every part of the run that can
 * wait on the target, in this process or a suite worker, makes its signal
 * from that moment, so they all stop together: the suites are cancelled and
 * the Pact verifier children told to end (a refresh-token rotation under
 * way is stored first), and what finished is reported.
 */
import type { Config } from '../config/config.ts';
import { deadlineSignal } from './run-permits.ts';

/** Aborted, with a TARGET_TIMEOUT error as its reason, when the run's time is up; undefined without RUN_TIMEOUT_S. */
export function runDeadline(config: Pick<Config, 'runTimeoutSeconds' | 'runDeadlineAt'>): AbortSignal | undefined {
  if (config.runTimeoutSeconds === undefined || config.runDeadlineAt === undefined) return undefined;
  return deadlineSignal({ at: config.runDeadlineAt, seconds: config.runTimeoutSeconds }).signal;
}
