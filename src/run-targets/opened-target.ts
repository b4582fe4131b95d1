/**
 * The worker half of the session handoff (session-handoff.ts): a suite
 * worker asks the run's setup for a target's sessions and waits until its
 * login has settled (handoff.ts `handedOver`), once per worker.
 */
import { inject } from 'vitest';
import { targetSecrets } from './current-target.ts';
import { handedOver, handoffKeys } from './handoff.ts';
import { withSessions, type OpenedSessions } from './session-handoff.ts';
import type { TargetInfo } from './target-info.ts';

/** The target with its sessions open; rejects with the coded error that ended its login. */
export async function openedTarget(target: TargetInfo): Promise<TargetInfo> {
  const sessions = await handedOver<OpenedSessions>(inject('runHandoff'), handoffKeys.sessions(target.project));
  // The expiry instance's token was issued in the main process: this worker's redaction learns it here.
  targetSecrets(target).add(sessions.issued?.accessToken);
  return withSessions(target, sessions);
}
