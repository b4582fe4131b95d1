/**
 * A child process in the middle of a refresh-token rotation, for
 * test/unit/auth/locked-tasks.test.ts. It holds the token store's lock and
 * waits for its grant's answer (the file `answered` appearing), then stores
 * the rotated pair (writes `stored`).
 * - `channel`: forked with IPC, it ends with its parent's channel as the
 *   verifier child does (`endWithParentChannel`), and says `locked` over it.
 * - `command`: a command (`runCli`) that fails while the rotation runs, as
 *   verify does at RUN_TIMEOUT_S; it says `locked` on stdout.
 * Usage: node --import tsx test/support/locked-task-child.ts channel|command <lockPath> <answered> <stored>
 */
import { existsSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { withFileLock } from '../../src/auth/file-lock.ts';
import { runCli } from '../../src/cli/run-cli.ts';
import { endWithParentChannel } from '../../src/contracts/quiet-verification.ts';
import { UpgradeGuardError } from '../../src/errors.ts';

const [mode, lockPath, answered, stored] = process.argv.slice(2);
if (!lockPath || !answered || !stored || (mode !== 'channel' && mode !== 'command')) throw new Error('usage: locked-task-child channel|command <lockPath> <answered> <stored>');

/** Resolves once the lock is held; the rotation then goes on in the background. */
function startRotation(): Promise<void> {
  return new Promise((locked) => {
    void withFileLock(lockPath ?? '', async () => {
      locked();
      while (!existsSync(answered ?? '')) await sleep(20);
      writeFileSync(stored ?? '', 'the rotated pair\n');
    });
  });
}

if (mode === 'channel') {
  endWithParentChannel();
  await startRotation();
  process.send?.('locked');
} else {
  await runCli(async () => {
    await startRotation();
    process.stdout.write('locked\n');
    throw new UpgradeGuardError('TARGET_TIMEOUT', 'the run did not finish within RUN_TIMEOUT_S=1 s');
  });
}
