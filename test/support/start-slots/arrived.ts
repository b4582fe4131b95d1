/** Setup file before the suites' start-slot setup: counts each worker once as it reaches its setup files (load-probe.ts). */
import { ARRIVED, probeCells } from './load-probe.ts';

const thread = globalThis as typeof globalThis & { startSlotsProbeArrived?: true };
const cells = probeCells();
if (cells && !thread.startSlotsProbeArrived) {
  thread.startSlotsProbeArrived = true;
  Atomics.add(cells, ARRIVED, 1);
}
