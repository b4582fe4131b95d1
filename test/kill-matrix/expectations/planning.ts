import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The planning module's checks (suites/modules/planning) that each fault must make fail. */
export const planningKills: KillExpectations = {};

/** The planning module's checks that each fault must turn into an observation. */
export const planningObservations: ObservationExpectations = {};
