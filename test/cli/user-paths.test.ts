/**
 * Paths the user names (TOKEN_STORE, REPORTS_DIR) never hang the run and
 * never end it as INTERNAL: a store that cannot be made is TOKEN_STORE (8),
 * a reports directory that cannot be made is REPORT_FAILED (9), one line
 * each. Each case runs `npm run verify` as the user types it; the
 * test timeout only catches a hang (test/support/hang-timeout.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { expectOneCodedLine, npmRunVerify } from '../support/verify-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-user-paths-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, '');
const secret = 'cs-do-not-print-0123456789';

/** A real target's settings; nothing listens there: the token store is checked before the network is. */
const remote: Record<string, string> = {
  TARGET_VERSION: '8.0',
  BASE_URL: 'http://127.0.0.1:9',
  AUTH_URL: 'http://127.0.0.1:9/cas',
  CLIENT_ID: 'app',
  CLIENT_SECRET: secret,
  REDIRECT_URI: 'http://127.0.0.1:9/callback',
  REQUEST_TIMEOUT_MS: '500',
};

const linux = process.platform === 'linux';
const directories = [
  // Node's recursive mkdir loops forever here: procfs answers ENOENT for a new entry under an existing directory.
  { name: 'under /proc', path: '/proc/upgrade-guard-x', runs: linux },
  // sysfs refuses new entries: EPERM for root too (the INTERNAL exit of old), EACCES for anyone else.
  { name: 'under /sys', path: '/sys/upgrade-guard-x', runs: linux },
  // A refusal on every system and for every user, root included (ENOTDIR).
  { name: 'below a regular file', path: join(aFile, 'sub'), runs: true },
];

// One at a time: each child compiles the CLI with tsx, and the machine is shared.
// procfs and sysfs exist on Linux only; elsewhere those cases are skipped and say so in their names.
describe('verify with a path that cannot be used', () => {
  for (const vector of directories) {
    const onlyOnLinux = vector.runs ? '' : ' (skipped: Linux only)';
    it.runIf(vector.runs)(`TOKEN_STORE ${vector.name} is TOKEN_STORE (8), one line naming the variable${onlyOnLinux}`, { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      const outcome = await npmRunVerify([], { ...remote, TOKEN_STORE: join(vector.path, 'tokens.json'), REPORTS_DIR: join(dir, 'reports') }, HANG_TIMEOUT_MS);
      const line = expectOneCodedLine(outcome, 'TOKEN_STORE', [secret]);
      expect(line).toContain('(TOKEN_STORE)');
    });

    it.runIf(vector.runs)(`REPORTS_DIR ${vector.name} is REPORT_FAILED (9), one line naming the variable${onlyOnLinux}`, { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
      const outcome = await npmRunVerify([], { REPORTS_DIR: join(vector.path, 'reports') }, HANG_TIMEOUT_MS);
      const line = expectOneCodedLine(outcome, 'REPORT_FAILED');
      expect(line).toContain('(REPORTS_DIR)');
    });
  }

  // open() of a FIFO waits for a writer in libuv's thread pool, where no time bound reaches it, and the process could
  // not even exit after its one line (Node joins the pool at exit): the store is refused before it is opened blocking.
  it.runIf(process.platform !== 'win32')('TOKEN_STORE that is a FIFO is TOKEN_STORE (8), one line, and the run ends', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const fifo = join(dir, 'fifo-tokens.json');
    execFileSync('mkfifo', [fifo]);
    // The store is read when the sessions open, after the preflight: the target must answer (the embedded platform).
    const platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: secret, limited: secret } });
    await platform.listen(0);
    try {
      const target = Object.fromEntries(platform.envLines().map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
      const outcome = await npmRunVerify(['--suites', 'auth'], { ...target, TOKEN_STORE: fifo, REPORTS_DIR: join(dir, 'reports') }, HANG_TIMEOUT_MS);
      const line = expectOneCodedLine(outcome, 'TOKEN_STORE', [secret]);
      expect(line).toContain('is not a regular file (a FIFO)');
    } finally {
      await platform.close();
    }
  });
});
