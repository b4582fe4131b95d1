/**
 * A token store lock held by another machine: its holder is a process this host cannot see, and its mtime is fresh,
 * so a taker here can neither find it gone nor call it stale, and waits until the test removes it.
 */
import { writeFileSync } from 'node:fs';

/** What the lock file says: no holder this host can parse. */
export const otherMachine = 'held by another machine';

export function holdElsewhere(lockPath: string): void {
  writeFileSync(lockPath, otherMachine);
}
