/**
 * The worker half of the session handoff (session-handoff.ts): a suite
 * worker asks the global setup for a target's sessions and waits until its
 * login has settled. One channel per run in a worker, one ask per target.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { inject } from 'vitest';
import { UpgradeGuardError } from '../errors.ts';
import { targetSecrets } from './current-target.ts';
import { isHandoffMessage, type HandoffMessage, type OpenedSessions } from './session-handoff.ts';
import type { TargetInfo } from './target-info.ts';

/** By run (a worker serves one run; the name keeps two runs of one process apart all the same). */
const channels = new Map<string, BroadcastChannel>();
const waiting = new Map<string, { readonly resolve: (opened: OpenedSessions) => void; readonly reject: (error: Error) => void }>();
const opened = new Map<string, Promise<OpenedSessions>>();

/** The target with its sessions open; rejects with the coded error that ended its login. */
export async function openedTarget(target: TargetInfo): Promise<TargetInfo> {
  const sessions = await openedSessions(inject('sessionHandoff'), target.project);
  const { issued } = sessions;
  // The expiry instance's token was issued in the main process: this worker's redaction learns it here.
  targetSecrets(target).add(issued?.accessToken);
  return {
    ...target,
    sessions: sessions.sessions,
    sessionErrors: sessions.sessionErrors,
    ...(target.shortLived && issued && { shortLived: { ...target.shortLived, issued } }),
  };
}

/** What the login of `project` opened, from the run's handoff channel `name` (asked once per worker). */
export function openedSessions(name: string, project: string): Promise<OpenedSessions> {
  const key = `${name}\n${project}`;
  const known = opened.get(key);
  if (known) return known;
  const port = channelNamed(name);
  const promise = new Promise<OpenedSessions>((resolve, reject) => waiting.set(key, { resolve, reject }));
  opened.set(key, promise);
  port.postMessage({ kind: 'ask', project } satisfies HandoffMessage);
  return promise;
}

function channelNamed(name: string): BroadcastChannel {
  const known = channels.get(name);
  if (known) return known;
  const port = new BroadcastChannel(name);
  // A worker waits for its sessions in a hook, a check or a file being loaded; vitest's own port keeps it alive.
  port.unref();
  port.onmessage = (event: unknown) => {
    const data = (event as { data?: unknown }).data;
    if (!isHandoffMessage(data) || data.kind !== 'settled') return;
    const key = `${name}\n${data.project}`;
    const waiter = waiting.get(key);
    if (!waiter) return;
    waiting.delete(key);
    if ('opened' in data) waiter.resolve(data.opened);
    else waiter.reject(new UpgradeGuardError(data.failure.code, data.failure.message));
  };
  channels.set(name, port);
  return port;
}
