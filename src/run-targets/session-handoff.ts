/**
 * The shared sessions reach the suite workers after the workers start. The
 * global setup provides each target without its sessions and logs in while
 * vitest starts its workers: a worker loading its modules (a few tenths of a
 * second of CPU each, eight of them on two cores) no longer waits for a
 * chain of login requests first, and a login no longer waits for them
 * (issue 9: at 200 ms a request the logins were a second before any worker
 * started).
 *
 * This is the main half, the global setup's: it settles each target once,
 * with its opened sessions or the coded error that ended its login. The
 * worker half (opened-target.ts) asks for a target and waits. They speak over
 * a BroadcastChannel named for the run (every thread of the process can
 * open it): the main half answers an ask when it can, and announces each
 * target as it settles, so a worker that asks late and one that asked early
 * both hear it.
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import { UpgradeGuardError, isUpgradeGuardError, type ErrorCode } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import type { IssuedToken, TargetInfo } from './target-info.ts';

/** What a login adds to a provided target: its sessions, why one could not open, the expiry instance's token. */
export interface OpenedSessions {
  readonly sessions: TargetInfo['sessions'];
  readonly sessionErrors: TargetInfo['sessionErrors'];
  readonly issued?: IssuedToken;
}

export type Settled = { readonly project: string; readonly opened: OpenedSessions } | { readonly project: string; readonly failure: { readonly code: ErrorCode; readonly message: string } };
export type HandoffMessage = { readonly kind: 'ask'; readonly project: string } | ({ readonly kind: 'settled' } & Settled);

export const isHandoffMessage = (data: unknown): data is HandoffMessage =>
  typeof data === 'object' && data !== null && 'kind' in data && (data.kind === 'ask' || data.kind === 'settled') && 'project' in data && typeof data.project === 'string';

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

export class SessionHandoff {
  /** The run's channel name: provided to the workers (`sessionHandoff`). */
  readonly name = `upgrade-guard:sessions:${randomUUID()}`;
  readonly #settled = new Map<string, Settled>();
  readonly #channel = new BroadcastChannel(this.name);

  constructor() {
    // The global setup's teardown closes it; until then it must not keep verify's process alive on its own.
    this.#channel.unref();
    this.#channel.onmessage = (event: unknown) => {
      const data = (event as { data?: unknown }).data;
      if (!isHandoffMessage(data) || data.kind !== 'ask') return;
      const settled = this.#settled.get(data.project);
      if (settled) this.#announce(settled);
    };
  }

  settle(project: string, opened: OpenedSessions): void {
    this.#record({ project, opened });
  }

  /** The login failed: every check of the target fails with this error (its message scrubbed with `secrets`). */
  fail(project: string, error: UpgradeGuardError, secrets: SecretRegistry): void {
    this.#record({ project, failure: { code: error.code, message: secrets.scrub(error.message) } });
  }

  close(): void {
    this.#channel.close();
  }

  #record(settled: Settled): void {
    this.#settled.set(settled.project, settled);
    this.#announce(settled);
  }

  #announce(settled: Settled): void {
    this.#channel.postMessage({ kind: 'settled', ...settled } satisfies HandoffMessage);
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's session handoff channel (src/run-targets/session-handoff.ts). */
    sessionHandoff: string;
  }
}
