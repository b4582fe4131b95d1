/**
 * Setup file of every suite file, the first: a worker's first file loads in
 * a start slot, the rest of the setup files and the file's modules with it,
 * and the slot goes to the next worker once the file's checks start
 * (start-slots.ts). The hook comes before every other of the file.
 */
import { beforeAll } from 'vitest';
import { releaseStartSlot, startSlotForFile } from './start-slots.ts';

await startSlotForFile();

beforeAll(() => {
  releaseStartSlot();
});
