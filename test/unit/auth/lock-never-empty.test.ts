/**
 * The token store's lock never exists without its holder's name: a process that ended between creating the lock
 * and naming itself in it would leave a lock no one can tell from a live holder's, which every later run waits out
 * until it goes stale (src/auth/file-lock.ts). The folder is watched (inotify) while the lock is taken and released:
 * a lock written after it was created shows as a change of the lock file itself; a lock made whole does not. Events
 * arrive in order, so once a sentinel written afterwards is reported, every event of the lock's has been.
 */
import { mkdtempSync, readdirSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../../src/auth/file-lock.ts';

describe('the token store lock', () => {
  it('is never written after it was created: it appears with its holder named in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-lock-never-empty-'));
    const events: string[] = [];
    let sentinelSeen: (() => void) | undefined;
    const sentinelReported = new Promise<void>((resolve) => (sentinelSeen = resolve));
    const watcher = watch(dir, (event, name) => {
      events.push(`${event} ${name}`);
      if (name === 'sentinel') sentinelSeen?.();
    });
    try {
      let lockExisted = false;
      await withFileLock(join(dir, 'tokens.json.lock'), async () => {
        lockExisted = readdirSync(dir).includes('tokens.json.lock');
      });
      writeFileSync(join(dir, 'sentinel'), '');
      await sentinelReported;
      expect(lockExisted).toBe(true);
      expect(events).toContain('rename tokens.json.lock');
      expect(events).not.toContain('change tokens.json.lock');
      // Released, and nothing of the taking left beside it.
      expect(readdirSync(dir)).toEqual(['sentinel']);
    } finally {
      watcher.close();
    }
  });
});
