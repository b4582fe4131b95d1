import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The review module's checks (suites/modules/review) that each fault must make fail. */
export const reviewKills: KillExpectations = {};

/** The review module's checks that each fault must turn into an observation. */
export const reviewObservations: ObservationExpectations = {};
