/**
 * Runs the fixtures next to it with vitest's node API, four workers with a
 * file each (vitest starts a worker for each while it has fewer than
 * `maxWorkers`), with the suites' start-slot setup and global setup
 * (src/run-targets/start-slots.ts) and one slot, and prints, after the
 * marker, what happened (load-probe.ts):
 * - `overlap`: the files that passed and the most that loaded together;
 * - `cancel`: the first file's loading is held while the other three wait
 *   for its slot, and the run is cancelled then; how vitest says the run
 *   ended, and the workers waiting at the cancellation and after.
 * A slot never given back, or a wait the cancellation does not end, shows
 * as a hang.
 * Usage: node --import tsx test/support/start-slots/run.ts overlap|cancel
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { startVitest, type Vitest } from 'vitest/node';
import { shareStartSlots, waitingForStartSlots, withdrawStartSlots } from '../../../src/run-targets/start-slots.ts';
import { HELD, MOST, PROBE_CELLS, WORKERS, probeKey } from './load-probe.ts';

const mode = process.argv[2];
if (mode !== 'overlap' && mode !== 'cancel') throw new Error('usage: run.ts overlap|cancel');
const here = new URL('.', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ug-start-slots-'));
// The longest bound there is: a slot never given back shows as this test's hang, never as a load that went ahead.
shareStartSlots({ count: 1, waitAtMostMs: 2 ** 31 - 1 });
const probe = new Int32Array(new SharedArrayBuffer(PROBE_CELLS * Int32Array.BYTES_PER_ELEMENT));
Atomics.store(probe, HELD, mode === 'cancel' ? 1 : 0);
setEnvironmentData(probeKey, probe.buffer);
let started: Vitest | undefined;
let runEnded: string | undefined;
const run = startVitest(
  'test',
  [],
  {
    config: false,
    run: true,
    watch: false,
    reporters: [
      {
        onInit(vitest): void {
          started = vitest;
        },
        onTestRunEnd(_modules, _errors, reason): void {
          runEnded = reason;
        },
      },
    ],
  },
  {
    cacheDir: join(dir, 'vite-cache'),
    test: {
      root: here,
      include: ['loading-*.fixture.ts'],
      pool: 'threads',
      isolate: false,
      maxWorkers: WORKERS,
      sequence: { setupFiles: 'list' },
      globalSetup: [join(here, '../../../src/run-targets/run-start-setup.ts')],
      setupFiles: [join(here, 'arrived.ts'), join(here, '../../../src/run-targets/start-slot-setup.ts')],
    },
  },
);
let waitingAtCancel: number | undefined;
if (mode === 'cancel') {
  while (waitingForStartSlots() !== WORKERS - 1) await sleep(10);
  waitingAtCancel = waitingForStartSlots();
  if (!started) throw new Error('vitest started no run to cancel');
  const cancelled = started.cancelCurrentRun('keyboard-input');
  Atomics.store(probe, HELD, 0);
  await cancelled;
}
const vitest = await run;
const modules = vitest.state.getTestModules();
const outcome =
  mode === 'overlap'
    ? { passed: modules.filter((module) => module.state() === 'passed').length, mostLoadingTogether: Atomics.load(probe, MOST) }
    : { ended: runEnded, waitingAtCancel, waitingAfter: waitingForStartSlots() };
await vitest.close();
withdrawStartSlots();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`\nRESULT ${JSON.stringify(outcome)}\n`);
// vitest marks the process failed for the cancelled run; the result above is what this script reports.
process.exitCode = 0;
