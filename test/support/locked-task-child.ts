/**
 * A child process in the middle of a refresh-token rotation, for
 * test/unit/auth/locked-tasks.test.ts. It holds the token store's lock,
 * sends its grant (waits for a run permit, then for the grant's answer: the
 * file `answered` appearing) and then stores the rotated pair (writes
 * `stored`). A rotation that fails writes its error to `stored.failed`.
 * - `channel`: forked with IPC, as the verifier child is: it borrows the
 *   run's permits from its parent (src/http/lent-permits.ts), ends with its
 *   parent's channel (`endWithParentChannel`), and says `granted` over it
 *   once its grant holds a permit.
 * - `command`: a command (`runCli`) that fails while the rotation runs, as
 *   verify does at RUN_TIMEOUT_S; it says `locked` on stdout.
 * - `waiting`: forked with IPC, ends with its parent's channel, and waits
 *   to take the lock, which another holds; it says `taking` over the
 *   channel once a first attempt is under way (Linux's inotify reports its
 *   draft), writes `stored` if it ever holds the lock, and why it gave up
 *   to `stored.failed`.
 * - `stopped`: as `waiting`, but verify before its targets are ready (its logins): it watches for Ctrl-C /
 *   SIGTERM (src/cli/interruption.ts) and ends with its one line at the signal, first writing to `stored.at-end`
 *   why its task gave up taking the lock, or that it was still taking it.
 * Usage: node --import tsx test/support/locked-task-child.ts channel|command|waiting|stopped <lockPath> <answered> <stored>
 */
import { existsSync, watch, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withFileLock } from '../../src/auth/file-lock.ts';
import { watchInterrupts } from '../../src/cli/interruption.ts';
import { reportError, runCli } from '../../src/cli/run-cli.ts';
import { endWithParentChannel } from '../../src/contracts/quiet-verification.ts';
import { UpgradeGuardError } from '../../src/errors.ts';
import { borrowedPermits } from '../../src/http/lent-permits.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import type { Permits } from '../../src/http/run-permits.ts';

const [mode, lockPath = '', answered = '', stored = ''] = process.argv.slice(2);
if (!lockPath || !answered || !stored || !['channel', 'command', 'waiting', 'stopped'].includes(mode ?? '')) throw new Error('usage: locked-task-child channel|command|waiting|stopped <lockPath> <answered> <stored>');

/** Resolves once the grant is sent; the rotation then goes on in the background. */
function startRotation(permits: Permits | undefined): Promise<void> {
  return new Promise((sent) => {
    const grant = async (): Promise<void> => {
      sent();
      while (!existsSync(answered)) await sleep(20);
    };
    // Its failure is noted inside the lock: a process that ends once its locked tasks settle runs no later handler.
    void withFileLock(lockPath, async () => {
      try {
        await (permits ? permits.run(grant) : grant());
      } catch (error) {
        writeFileSync(`${stored}.failed`, error instanceof Error ? error.message : String(error));
        return;
      }
      writeFileSync(stored, 'the rotated pair\n');
    });
  });
}

if (mode === 'waiting' || mode === 'stopped') {
  let gaveUp: string | undefined;
  if (mode === 'waiting') endWithParentChannel();
  else {
    const interruption = watchInterrupts(async (stopped) => {
      // Whatever the task did before the end was decided has run by the next turn of the event loop.
      await new Promise(setImmediate);
      writeFileSync(`${stored}.at-end`, gaveUp ?? 'still taking the lock');
      process.exit(reportError(stopped, new SecretRegistry()));
    });
    // As verify is while it logs in: the earlier run's reports are gone by then.
    interruption.earlierReportsRemoved();
  }
  // `taking` once an attempt to take the lock has written its draft (file-lock.ts `made`): the task is under way.
  const folder = watch(dirname(lockPath), (_event, name) => {
    if (!name?.endsWith('.new')) return;
    folder.close();
    process.send?.('taking');
  });
  withFileLock(lockPath, async () => writeFileSync(stored, 'held the lock\n')).catch((error: unknown) => {
    gaveUp = error instanceof Error ? error.message : String(error);
    writeFileSync(`${stored}.failed`, gaveUp);
  });
} else if (mode === 'channel') {
  endWithParentChannel();
  await startRotation(borrowedPermits());
  process.send?.('granted');
} else {
  await runCli(async () => {
    await startRotation(undefined);
    process.stdout.write('locked\n');
    throw new UpgradeGuardError('TARGET_TIMEOUT', 'the run did not finish within RUN_TIMEOUT_S=1 s');
  });
}
