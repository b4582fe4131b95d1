/**
 * A separate process for the file-lock test: increments a counter file
 * `rounds` times, each time read-modify-write under the lock, with a pause
 * in the middle that would lose updates without mutual exclusion.
 * Usage: node --import tsx test/support/lock-worker.ts <lockPath> <counterPath> <rounds>
 */
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { withFileLock } from '../../src/auth/file-lock.ts';

const [lockPath, counterPath, rounds] = process.argv.slice(2);
if (!lockPath || !counterPath || !rounds) throw new Error('usage: lock-worker <lockPath> <counterPath> <rounds>');
for (let round = 0; round < Number(rounds); round += 1) {
  await withFileLock(lockPath, async () => {
    const count = Number(await readFile(counterPath, 'utf8'));
    await sleep(2);
    await writeFile(counterPath, String(count + 1));
  });
}
