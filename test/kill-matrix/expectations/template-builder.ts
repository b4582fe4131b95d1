import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The template-builder module's checks (suites/modules/template-builder) that each fault must make fail. */
export const templateBuilderKills: KillExpectations = {};

/** The template-builder module's checks that each fault must turn into an observation. */
export const templateBuilderObservations: ObservationExpectations = {};
