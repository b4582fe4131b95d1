/**
 * Runs a fixture next to it with vitest's node API, as verify runs the
 * suites, and prints, after the marker, whether the rotated pair was stored:
 * - `file-end`: rotation.fixture.ts with the suites' setup file
 *   src/run-targets/rotations-setup.ts; stored when vitest reported the file
 *   ended?
 * - `cancel`: rotation-cancel.fixture.ts in a run with the run's permits,
 *   cancelled as RUN_TIMEOUT_S cancels verify's run (src/runner/run-suites.ts
 *   `cancelOn`) while the check rotates; stored when vitest's run returned?
 * Usage: node --import tsx test/support/rotation-at-file-end/run.ts file-end|cancel
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startVitest, type Reporter } from 'vitest/node';
import { RunPermits } from '../../../src/http/run-permits.ts';
import { cancelOn } from '../../../src/runner/run-suites.ts';

const mode = process.argv[2];
if (mode !== 'file-end' && mode !== 'cancel') throw new Error('usage: run.ts file-end|cancel');
const here = new URL('.', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ug-rotation-'));
const [lockPath, answered, stored, locked] = [join(dir, 'tokens.json.lock'), join(dir, 'answered'), join(dir, 'stored'), join(dir, 'locked')] as const;
process.env.ROTATION_FIXTURE = [lockPath, answered, stored, locked].join('\n');
let storedAtFileEnd: boolean | undefined;
const reporters: Reporter[] = [
  {
    onTestModuleEnd(): void {
      storedAtFileEnd = existsSync(stored);
    },
  },
];
const cancel = new AbortController();
if (mode === 'cancel') reporters.push(...cancelOn(cancel.signal, RunPermits.share(2)));
const run = startVitest(
  'test',
  [],
  { config: false, run: true, watch: false, reporters },
  {
    cacheDir: join(dir, 'vite-cache'),
    test: mode === 'file-end' ? { root: here, include: ['rotation.fixture.ts'], pool: 'threads', setupFiles: [join(here, '../../../src/run-targets/rotations-setup.ts')] } : { root: here, include: ['rotation-cancel.fixture.ts'], pool: 'threads' },
  },
);
if (mode === 'cancel') {
  while (!existsSync(locked)) await sleep(20);
  cancel.abort();
  // The grant's answer comes a little later: only so that a cancellation that did not wait would have stopped the
  // worker first. With the wait, the pair is stored however long this is.
  await sleep(300);
  writeFileSync(answered, '');
}
const vitest = await run;
const storedAtReturn = existsSync(stored);
await vitest.close();
RunPermits.withdraw();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`\nRESULT ${JSON.stringify(mode === 'file-end' ? { storedAtFileEnd } : { storedAtReturn })}\n`);
// vitest marks the process failed for the cancelled run; the result above is what this script reports.
process.exitCode = 0;
