/**
 * One temporary folder for the whole `npm test`, removed when it ends: every test, and every verify,
 * sim or browser it starts, makes its scratch folders under it (Node's os.tmpdir() and Chromium read
 * TMPDIR), so a developer's repeated runs leave nothing behind in the machine's temporary folder, and
 * a test need not remember to remove what it made. Vitest's global setup runs before it starts the
 * workers, which take the process's environment as it is then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'upgrade-guard-tests-'));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
}
