/**
 * Vitest global setup of a module-suite project when conformance is on:
 * the exchanges of an earlier run of the same targets are removed before
 * this run's checks write theirs.
 */
import type { TestProject } from 'vitest/node';
import { clearExchanges } from './exchange-store.ts';
import './settings.ts';

export default async function setup(project: TestProject): Promise<void> {
  const { runProject, conformance } = project.getProvidedContext();
  if (!conformance) return;
  await Promise.all(runProject.targets.map((target) => clearExchanges(conformance.exchangesDir, target.name)));
}
