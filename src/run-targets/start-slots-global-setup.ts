/**
 * Vitest global setup of the suites project: once the run is cancelled,
 * whatever cancels it (a refused login, RUN_TIMEOUT_S, a bail), no worker
 * waits for a start slot any more (start-slots.ts). A cancelled file is
 * skipped without its hooks, so a slot its worker holds may never come back.
 */
import type { TestProject } from 'vitest/node';
import { openStartSlots } from './start-slots.ts';

export default function setup(project: TestProject): () => void {
  return project.vitest.onCancel(() => openStartSlots());
}
