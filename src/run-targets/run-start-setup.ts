/**
 * Vitest global setup of the suites project, run when a run starts: after
 * vitest has reset its cancellation and just before it starts the workers.
 * It tells the run's setup (src/runner/run-setup.ts) on the run's handoff,
 * which then logs in: a login that fails from here on cancels the run, and
 * the logins overlap the workers' start, not vitest's own.
 */
import type { TestProject } from 'vitest/node';
import { announceRunStart } from './handoff.ts';

export default function setup(project: TestProject): void {
  const { runHandoff } = project.getProvidedContext();
  if (runHandoff !== undefined) announceRunStart(runHandoff);
}
