import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The media module's checks (suites/modules/media) that each fault must make fail. */
export const mediaKills: KillExpectations = {};

/** The media module's checks that each fault must turn into an observation. */
export const mediaObservations: ObservationExpectations = {};
