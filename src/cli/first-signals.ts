/**
 * Ctrl-C or SIGTERM between a command's first line and the moment it watches for signals itself: `npm run verify`
 * prints that it started before its modules load (entry/verify.ts), which takes a moment, and no signal may end it
 * silently (docs/command-line.md, "Stopping a run"). Until the command takes the signals over (interruption.ts,
 * rehearsal.ts), a signal ends it with its one line: nothing ran, and the reports folder is as it was. This module
 * imports only the error catalog, so it is in place before anything slow loads.
 */
import { RunInterrupted, stopSignals, type StopSignal } from '../errors.ts';

const listeners = new Map<StopSignal, () => void>();

/** From now on a signal ends the command at once, with its one line and the signal's exit status. */
export function endAtFirstSignal(): void {
  for (const signal of stopSignals) {
    if (listeners.has(signal)) continue;
    const listener = (): void => {
      const stopped = new RunInterrupted(signal, startedNote);
      process.stderr.write(`${stopped.code}: ${stopped.message}\n`);
      process.exit(stopped.exitCode);
    };
    listeners.set(signal, listener);
    process.on(signal, listener);
  }
}

/** The command watches for signals itself from now on. */
export function takeOverSignals(): void {
  for (const [signal, listener] of listeners) process.off(signal, listener);
  listeners.clear();
}

/** What a stop says while no check ran and the reports folder was not touched. */
export const startedNote = 'stopped as it started, before any check ran; no reports were written or removed (REPORTS_DIR is as it was)';
