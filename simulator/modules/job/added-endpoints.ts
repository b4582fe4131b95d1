/**
 * Whether the instance serves the job endpoints 8.0 adds (spec §4.2: asset
 * usage, histories, process type v2, participants). 7.4 does not, unless
 * the instance plays a 7.4 patch level that already has them: real 7.4
 * patch levels differ, which the suites report as an observation.
 */
import type { ModuleContext } from '../context.ts';

export function servesAddedEndpoints(context: ModuleContext): boolean {
  return context.version === '8.0' || context.faults.has('job-added-endpoints-served-early');
}
