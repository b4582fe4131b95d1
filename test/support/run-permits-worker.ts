/**
 * A worker thread for the run-permits test: joins the run's permits the
 * test hands it (as a vitest worker joins the provided ones) and runs `tasks` tasks at
 * once under them, each holding its permit a moment; it counts, in a shared
 * cell the test passes, how many tasks of every thread run together.
 */
import { workerData, parentPort } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { RunPermits, type SharedRun } from '../../src/http/run-permits.ts';

const { tasks, together, run } = workerData as { readonly tasks: number; readonly together: SharedArrayBuffer; readonly run: SharedRun };
const running = new Int32Array(together);
RunPermits.join(run);
const permits = RunPermits.ofRun();
if (!permits) throw new Error('the worker saw no run permits');
await Promise.all(
  Array.from({ length: tasks }, () =>
    permits.run(async () => {
      const now = Atomics.add(running, 0, 1) + 1;
      for (let most = Atomics.load(running, 1); now > most; most = Atomics.load(running, 1)) Atomics.compareExchange(running, 1, most, now);
      await sleep(5);
      Atomics.sub(running, 0, 1);
    }),
  ),
);
parentPort?.postMessage('done');
