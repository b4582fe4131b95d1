/**
 * Ctrl-C (SIGINT) and SIGTERM during `npm run verify` (docs/command-line.md, "Stopping a run"). verify watches for
 * them from its first line on, so no signal ends it silently:
 * - until the run's setup has its targets up and logged in (the preflight, vitest loading, the targets' start and
 *   the logins, src/runner/run-setup.ts), the run ends at once with its one line, once no login is rotating a
 *   refresh token or taking the token store's lock: nothing finished, and the line says whether the earlier run's
 *   reports were removed yet (src/report/earlier-reports.ts; before verify watches, first-signals.ts says it);
 * - from then on, while the suites run, the run is cancelled as RUN_TIMEOUT_S cancels it (src/runner/run-suites.ts
 *   `cancelOn`: once no refresh-token rotation is under way), and verify writes the reports of what finished, marked
 *   INTERRUPTED;
 * - while the reports are written, they are finished first: every check had run.
 * A second signal changes nothing: npm forwards the terminal's Ctrl-C to verify, which a terminal sends it as well, so
 * one key press can arrive twice. Each step is bounded (requests by REQUEST_TIMEOUT_MS, files by their time bounds).
 */
import { lockOperationsSettled, stopTakingLocks } from '../auth/file-lock.ts';
import { RunInterrupted, stopSignals, type StopSignal } from '../errors.ts';
import { startedNote, takeOverSignals } from './first-signals.ts';

export interface Interruption {
  /** Aborted, with a RunInterrupted as its reason, at the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** The signal that stopped the run, if one did. */
  readonly received: () => StopSignal | undefined;
  /** From now on a signal cancels the run and verify reports what finished (until then it ends the run at once). */
  readonly targetsReady: () => void;
  /** The earlier run's reports are gone (src/report/earlier-reports.ts): a stop from now on says so. */
  readonly earlierReportsRemoved: () => void;
}

/** `early`: how the run ends at a signal before its targets were up and logged in; it writes the one line and exits. */
export function watchInterrupts(early: (stopped: RunInterrupted) => Promise<void>): Interruption {
  const controller = new AbortController();
  let received: StopSignal | undefined;
  let cancels = false;
  let removed = false;
  const stop = (signal: StopSignal): void => {
    if (received !== undefined) return;
    received = signal;
    if (cancels) {
      controller.abort(new RunInterrupted(signal, 'the run was stopped; the reports of the checks that finished are being written'));
      return;
    }
    const stopped = new RunInterrupted(signal, removed ? 'stopped before any check ran; no reports were written, and the earlier run\'s were removed when this run started' : startedNote);
    controller.abort(stopped);
    // A login may be rotating a refresh token: its new pair reaches the token store first (spec §5.8). One still taking
    // the token store's lock gives up at its next attempt, rather than end in the middle of it and leave its draft.
    stopTakingLocks(() => stopped);
    void lockOperationsSettled().then(() => early(stopped));
  };
  takeOverSignals();
  for (const signal of stopSignals) process.on(signal, () => stop(signal));
  return {
    signal: controller.signal,
    received: () => received,
    targetsReady: () => {
      cancels = true;
    },
    earlierReportsRemoved: () => {
      removed = true;
    },
  };
}
