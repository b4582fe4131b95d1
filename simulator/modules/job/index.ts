import type { ModuleRegistrar } from '../context.ts';
import { createJobFixtures } from '../../fixtures/job.ts';
import { registerAssetUsage } from './assets.ts';
import { registerMyActiveDashboard } from './dashboards.ts';
import { registerDseObject } from './dse-object.ts';
import { registerGrids } from './grids.ts';
import { registerHistories } from './histories.ts';
import { registerJobSearch } from './jobs-search.ts';
import { registerParticipants } from './participants.ts';
import { registerProcessTypes } from './process-types.ts';

/**
 * The job module's routes (prefix /dse/rest, spec §4.2), each registrar
 * deciding which of its routes the instance's version serves. Every
 * platform instance gets its own fixtures.
 */
export const registerJobModule: ModuleRegistrar = (router, context) => {
  const state = createJobFixtures();
  registerMyActiveDashboard(router, context, state);
  registerJobSearch(router, context, state);
  registerDseObject(router, context, state);
  registerHistories(router, context, state);
  registerParticipants(router, context, state);
  registerProcessTypes(router, context, state);
  registerAssetUsage(router, context, state);
  registerGrids(router, context, state);
};
