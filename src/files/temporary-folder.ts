/**
 * Temporary folders of a run (the embedded targets' token stores, the pact files a `--only` run narrows) that go
 * with the process: removed when their owner is done with them, and otherwise when the process ends, as a run
 * stopped by Ctrl-C or SIGTERM ends before its owners are done (docs/command-line.md, stopping a run). Only a kill
 * leaves one behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const open = new Set<string>();
process.once('exit', () => {
  for (const folder of open) {
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
  open.add(folder);
  return folder;
}

/** Removes a folder `temporaryFolder` made. */
export async function removeTemporaryFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  open.delete(folder);
}
