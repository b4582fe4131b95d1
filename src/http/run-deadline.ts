/**
 * RUN_TIMEOUT_S bounds the whole run (docs/configuration.md, "Time bounds"). verify fixes
 * the moment once (`Config.runDeadlineAt`); every part of the run that can
 * wait on the target, in this process or a suite worker, makes its signal
 * here from that moment, so they all stop together: the suites are cancelled and
 * the Pact verifier children told to end (a refresh-token rotation under
 * way is stored first), and what finished is reported. The workers read the
 * moment with the run's permits (run-permits.ts).
 */
import type { Config } from '../config/config.ts';
import { runTimedOut } from '../errors.ts';

/** RUN_TIMEOUT_S: when the run must end, and the setting, for the message. */
export interface RunDeadline {
  readonly at: number;
  readonly seconds: number;
}

/** The run's deadline in a configuration; undefined without RUN_TIMEOUT_S. */
export function runDeadlineOf(config: Pick<Config, 'runTimeoutSeconds' | 'runDeadlineAt'>): RunDeadline | undefined {
  if (config.runTimeoutSeconds === undefined || config.runDeadlineAt === undefined) return undefined;
  return { at: config.runDeadlineAt, seconds: config.runTimeoutSeconds };
}

/** Aborted, with a TARGET_TIMEOUT error as its reason, when the run's time is up; undefined without RUN_TIMEOUT_S. */
export function runDeadline(config: Pick<Config, 'runTimeoutSeconds' | 'runDeadlineAt'>): AbortSignal | undefined {
  const deadline = runDeadlineOf(config);
  return deadline && deadlineSignal(deadline).signal;
}

/** A signal aborted at `deadline.at` with the run's TARGET_TIMEOUT error; `stop` ends its timer. */
export function deadlineSignal(deadline: RunDeadline): { readonly signal: AbortSignal; readonly stop: () => void } {
  const controller = new AbortController();
  const abort = (): void => controller.abort(runTimedOut(deadline.seconds));
  const left = deadline.at - Date.now();
  if (left <= 0) {
    abort();
    return { signal: controller.signal, stop: () => undefined };
  }
  // Unreferenced: a process or thread whose work ends in time must not wait for the deadline.
  const timer = setTimeout(abort, left).unref();
  return { signal: controller.signal, stop: () => clearTimeout(timer) };
}

/** This thread's signal for the run's deadline, made once: every client of the thread shares it. */
let threadDeadline: (RunDeadline & ReturnType<typeof deadlineSignal>) | undefined;

/** `deadlineSignal` made once a thread and deadline: the one every request of the thread ends at. */
export function threadDeadlineSignal(deadline: RunDeadline): AbortSignal {
  if (threadDeadline?.at !== deadline.at || threadDeadline.seconds !== deadline.seconds) {
    // Another run of this thread (the kill matrix's, a test's): the earlier run's timer has nothing left to end.
    threadDeadline?.stop();
    threadDeadline = { ...deadline, ...deadlineSignal(deadline) };
  }
  return threadDeadline.signal;
}

/** Past the deadline: the error a request refused a run permit fails with. */
export function pastDeadline(deadline: RunDeadline | undefined): Error | undefined {
  return deadline && Date.now() >= deadline.at ? runTimedOut(deadline.seconds) : undefined;
}
