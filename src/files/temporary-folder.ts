/**
 * Temporary folders of a run (the embedded targets' token stores, the pact files a `--only` run narrows) that go
 * with the process: removed when their owner is done with them, and again when the process ends, as a run
 * stopped by Ctrl-C or SIGTERM ends before its owners are done (docs/command-line.md, stopping a run). Only a kill
 * leaves one behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every folder this process made, removed or not: one an owner removed can be made again by a task of the run that was
 * still under way (a login that stores its session after its target closed, when a stop fails the run's setup), and
 * the process's end removes that too.
 */
const made = new Set<string>();
process.once('exit', () => {
  for (const folder of made) {
    // Another process of the run (the verifier child) may still be writing into it: a folder that will not go is no
    // reason for the run's last line to be a stack trace.
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // Left for the system's temporary-folder cleaning.
    }
  }
});

/**
 * A new folder in the system's temporary folder, its name starting with `prefix`. Made and known in one step: a run
 * stopped while an asynchronous mkdtemp was under way would end with the folder made but not yet known, and leave it.
 */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.add(folder);
  return folder;
}

/** Removes a folder `temporaryFolder` made; the process's end removes it again, should a late task have made it again. */
export async function removeTemporaryFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}
