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
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Reporter } from 'vitest/node';
import { RunPermits } from '../../../src/http/run-permits.ts';
import { cancelOn } from '../../../src/runner/run-suites.ts';
import { fixtureScript } from '../fixture-script.ts';

const mode = process.argv[2];
if (mode !== 'file-end' && mode !== 'cancel') throw new Error('usage: run.ts file-end|cancel');
const { root, dir, run, end } = fixtureScript(import.meta.url, 'ug-rotation-');
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
const permits = mode === 'cancel' ? RunPermits.share(2) : undefined;
if (permits) reporters.push(...cancelOn(cancel.signal, permits));
const running = run(
  reporters,
  mode === 'file-end' ? { include: ['rotation.fixture.ts'], setupFiles: [join(root, '../../../src/run-targets/rotations-setup.ts')] } : { include: ['rotation-cancel.fixture.ts'] },
  permits,
);
if (mode === 'cancel') {
  while (!existsSync(locked)) await sleep(20);
  cancel.abort();
  // The grant's answer comes a little later: only so that a cancellation that did not wait would have stopped the
  // worker first. With the wait, the pair is stored however long this is.
  await sleep(300);
  writeFileSync(answered, '');
}
const vitest = await running;
const storedAtReturn = existsSync(stored);
await end(vitest, mode === 'file-end' ? { storedAtFileEnd } : { storedAtReturn });
