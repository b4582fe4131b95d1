/**
 * A worker thread for the start-slots test: it takes the run's start slots
 * from its environment data, as a suite worker does, and goes through
 * `steps`, posting the slots free after each:
 * - `file`: a file starts (src/run-targets/start-slots.ts `startSlotForFile`);
 * - `hand-over`: it asks for the main process's work (handoff.ts);
 * - `hold`: it waits for the test's word.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { handedOver } from '../../src/run-targets/handoff.ts';
import { freeStartSlots, startSlotForFile } from '../../src/run-targets/start-slots.ts';

export type SlotStep = 'file' | 'hand-over' | 'hold';

const { steps } = workerData as { readonly steps: readonly SlotStep[] };
for (const step of steps) {
  if (step === 'file') await startSlotForFile();
  else if (step === 'hand-over') void handedOver('upgrade-guard:start-slots-test', 'no one settles this');
  else await new Promise((resolve) => parentPort?.once('message', resolve));
  parentPort?.postMessage({ step, free: freeStartSlots() });
}
