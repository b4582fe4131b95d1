import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The shop module's checks (suites/modules/shop) that each fault must make fail. */
export const shopKills: KillExpectations = {};

/** The shop module's checks that each fault must turn into an observation. */
export const shopObservations: ObservationExpectations = {};
