import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The job module's checks (suites/modules/job) that each fault must make fail. */
export const jobKills: KillExpectations = {};

/** The job module's checks that each fault must turn into an observation. */
export const jobObservations: ObservationExpectations = {};
