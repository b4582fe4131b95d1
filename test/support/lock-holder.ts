/**
 * A separate process for the file-lock test: takes the lock, says `held` on
 * stdout, and keeps it until it is killed (the test kills it with SIGKILL,
 * so nothing releases the lock).
 * Usage: node --import tsx test/support/lock-holder.ts <lockPath>
 */
import { withFileLock } from '../../src/auth/file-lock.ts';

const [lockPath] = process.argv.slice(2);
if (!lockPath) throw new Error('usage: lock-holder <lockPath>');
await withFileLock(lockPath, async () => {
  process.stdout.write('held\n');
  await new Promise(() => setInterval(() => undefined, 60_000));
});
