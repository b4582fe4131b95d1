/**
 * The worker half of the session handoff (session-handoff.ts): a suite
 * worker asks the global setup for a target's sessions and waits until its
 * login has settled (handoff.ts `handedOver`).
 */
import { inject } from 'vitest';
import { targetSecrets } from './current-target.ts';
import { handedOver } from './handoff.ts';
import { withSessions, type OpenedSessions } from './session-handoff.ts';
import type { TargetInfo } from './target-info.ts';

/** The target with its sessions open; rejects with the coded error that ended its login. */
export async function openedTarget(target: TargetInfo): Promise<TargetInfo> {
  const sessions = await openedSessions(inject('sessionHandoff'), target.project);
  // The expiry instance's token was issued in the main process: this worker's redaction learns it here.
  targetSecrets(target).add(sessions.issued?.accessToken);
  return withSessions(target, sessions);
}

/** What the login of `project` opened, from the run's handoff channel `name` (asked once per worker). */
export function openedSessions(name: string, project: string): Promise<OpenedSessions> {
  return handedOver<OpenedSessions>(name, project);
}
