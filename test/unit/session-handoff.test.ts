/**
 * The shared sessions reach the workers after they start: the
 * run's setup settles each target on the run's handoff channel, and a
 * worker that asked before or after hears it. Both halves speak over a
 * BroadcastChannel, which delivers between any two channel objects of the
 * process, in one thread as across threads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UpgradeGuardError } from '../../src/errors.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { Handoff, handedOver, handoffKeys } from '../../src/run-targets/handoff.ts';
import { loginFailure, withoutSessions, type OpenedSessions } from '../../src/run-targets/session-handoff.ts';
import type { TargetInfo } from '../../src/run-targets/target-info.ts';

const opened: OpenedSessions = {
  sessions: { full: { storePath: '/tmp/full.json', warnings: [] } },
  sessionErrors: { limited: 'the limited user could not log in: refused' },
  issued: { accessToken: 'short-lived-token-0123456789', expiresIn: 1, obtainedAt: 1_700_000_000_000 },
};

const handoffs: Handoff<OpenedSessions>[] = [];
function handoff(): Handoff<OpenedSessions> {
  const made = new Handoff<OpenedSessions>('sessions');
  handoffs.push(made);
  return made;
}

/** The worker half's ask for a target's sessions (opened-target.ts). */
function openedSessions(name: string, project: string): Promise<OpenedSessions> {
  return handedOver<OpenedSessions>(name, handoffKeys.sessions(project));
}

describe('session handoff', () => {
  afterEach(() => {
    for (const made of handoffs.splice(0)) made.close();
  });

  it('a worker that asked before the login ended gets the sessions when it does', async () => {
    const run = handoff();
    const asked = openedSessions(run.name, 'embedded 8.0');
    run.settle(handoffKeys.sessions('embedded 8.0'), opened);
    await expect(asked).resolves.toEqual(opened);
  });

  it('a worker that asks after the login ended gets the same sessions', async () => {
    const run = handoff();
    run.settle(handoffKeys.sessions('embedded 7.4'), opened);
    await expect(openedSessions(run.name, 'embedded 7.4')).resolves.toEqual(opened);
  });

  it('each target gets its own sessions, and a run hears only its own channel', async () => {
    const first = handoff();
    const second = handoff();
    const other: OpenedSessions = { sessions: {}, sessionErrors: { full: 'not this one' } };
    const asked = [openedSessions(first.name, 'embedded 8.0'), openedSessions(second.name, 'embedded 8.0'), openedSessions(first.name, 'embedded 7.4')];
    second.settle(handoffKeys.sessions('embedded 8.0'), other);
    first.settle(handoffKeys.sessions('embedded 7.4'), other);
    first.settle(handoffKeys.sessions('embedded 8.0'), opened);
    await expect(Promise.all(asked)).resolves.toEqual([opened, other, other]);
  });

  it('a failed login reaches the worker as its coded error, its secrets scrubbed', async () => {
    const run = handoff();
    const secrets = new SecretRegistry();
    secrets.add('pw-do-not-print-0123456789');
    const asked = openedSessions(run.name, 'embedded 8.0');
    run.fail(handoffKeys.sessions('embedded 8.0'), new UpgradeGuardError('LOGIN_FAILED', 'the CAS refused pw-do-not-print-0123456789'), secrets);
    const error = await asked.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(UpgradeGuardError);
    expect(error).toMatchObject({ code: 'LOGIN_FAILED' });
    expect((error as Error).message).toContain('the CAS refused');
    expect((error as Error).message).not.toContain('pw-do-not-print-0123456789');
  });

  it('an uncoded failure is a defect of ours: INTERNAL, never a verdict on the target', () => {
    expect(loginFailure(new TypeError('x is undefined'))).toMatchObject({ code: 'INTERNAL', message: 'the shared sessions could not be opened: x is undefined' });
    const coded = new UpgradeGuardError('TARGET_TIMEOUT', 'slow');
    expect(loginFailure(coded)).toBe(coded);
  });

  it('the workers get each target without sessions until the handoff gives them', () => {
    const target = {
      project: 'embedded 8.0',
      sessions: opened.sessions,
      sessionErrors: opened.sessionErrors,
      shortLived: { baseUrl: 'http://127.0.0.1:1', issued: opened.issued },
    } as unknown as TargetInfo;
    const provided = withoutSessions(target);
    expect(provided.sessions).toEqual({});
    expect(provided.sessionErrors).toEqual({});
    expect(provided.shortLived).toEqual({ baseUrl: 'http://127.0.0.1:1' });
  });
});
