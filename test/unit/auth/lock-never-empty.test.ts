/**
 * The token store's lock is never seen without its holder's name: a process that ended between creating the
 * lock and naming itself in it would leave a lock no one can tell from a live holder's, which every later run
 * waits out until it goes stale (src/auth/file-lock.ts). A reader looks at the lock as often as it can while it
 * is taken and released again and again; each time it finds the lock, the lock names its holder (a lock
 * made with open(2) and then written is found empty within these rounds).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../../src/auth/file-lock.ts';

describe('the token store lock', () => {
  it('names its holder whenever it exists, however often it is taken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-lock-never-empty-'));
    const lockPath = join(dir, 'tokens.json.lock');
    let taking = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (taking) {
        const content = await readFile(lockPath, 'utf8').catch(() => undefined);
        if (content !== undefined) seen.add(content === '' ? '(empty)' : 'named');
      }
    })();
    for (let round = 0; round < 500; round += 1) await withFileLock(lockPath, async () => undefined);
    taking = false;
    await reader;
    expect(seen.has('named')).toBe(true);
    expect([...seen]).toEqual(['named']);
    // Released every time, and nothing of the taking left beside it.
    expect(readdirSync(dir)).toEqual([]);
  });
});
