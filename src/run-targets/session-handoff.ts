/**
 * The shared sessions reach the suite workers after the workers start. The
 * run's setup (src/runner/run-setup.ts) provides each target without its
 * sessions and logs in while vitest starts its workers: a worker loading its
 * modules (CPU work, many workers on few cores) no longer waits for a chain
 * of login requests first, and a login no longer waits for them.
 *
 * The setup settles each target once, on the run's handoff (handoff.ts),
 * with its opened sessions or the coded error that ended its login; a
 * worker asks for a target and waits (opened-target.ts).
 */
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { IssuedToken, TargetInfo } from './target-info.ts';

/** What a login adds to a provided target: its sessions, why one could not open, the expiry instance's token. */
export interface OpenedSessions {
  readonly sessions: TargetInfo['sessions'];
  readonly sessionErrors: TargetInfo['sessionErrors'];
  readonly issued?: IssuedToken;
}

/** A login's failure as a coded error: an uncoded one is a defect of ours (INTERNAL), never a check's verdict. */
export function loginFailure(error: unknown): UpgradeGuardError {
  return isUpgradeGuardError(error) ? error : new UpgradeGuardError('INTERNAL', `the shared sessions could not be opened: ${error instanceof Error ? error.message : String(error)}`);
}

/** The target as the workers get it: no sessions until `openedTarget` returns them. */
export function withoutSessions(target: TargetInfo): TargetInfo {
  const provided = { ...target, sessions: {}, sessionErrors: {} };
  if (!target.shortLived?.issued) return provided;
  const { issued: _issued, ...shortLived } = target.shortLived;
  return { ...provided, shortLived };
}

/** What the login of `target` (sessions.ts `openSessions`) opened. */
export function openedSessionsOf(target: TargetInfo): OpenedSessions {
  const issued = target.shortLived?.issued;
  return { sessions: target.sessions, sessionErrors: target.sessionErrors, ...(issued && { issued }) };
}


/** `target` as provided (`withoutSessions`) with what its login opened. */
export function withSessions(target: TargetInfo, opened: OpenedSessions): TargetInfo {
  const { issued } = opened;
  return {
    ...target,
    sessions: opened.sessions,
    sessionErrors: opened.sessionErrors,
    ...(target.shortLived && issued && { shortLived: { ...target.shortLived, issued } }),
  };
}
