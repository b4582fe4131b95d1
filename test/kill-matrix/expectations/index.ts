/**
 * The kill matrix's expectations, one file per area, merged: a fault may
 * be named by several areas (a shape fault kills a module check and the
 * matching contract interaction), and then it must kill all of them.
 */
import { faultNames, type FaultName } from '../../../simulator/faults/index.ts';
import type { KillExpectations, ObservationExpectations } from './types.ts';
import { authKills, authObservations } from './auth.ts';
import { contractKills } from './contracts.ts';
import { jobKills, jobObservations } from './job.ts';
import { planningKills, planningObservations } from './planning.ts';
import { mediaKills, mediaObservations } from './media.ts';
import { reviewKills, reviewObservations } from './review.ts';
import { templateBuilderKills, templateBuilderObservations } from './template-builder.ts';
import { shopKills, shopObservations } from './shop.ts';

const killAreas: readonly KillExpectations[] = [authKills, contractKills, jobKills, planningKills, mediaKills, reviewKills, templateBuilderKills, shopKills];
const observationAreas: readonly ObservationExpectations[] = [
  authObservations,
  jobObservations,
  planningObservations,
  mediaObservations,
  reviewObservations,
  templateBuilderObservations,
  shopObservations,
];

function merged(areas: readonly Readonly<Partial<Record<FaultName, readonly string[]>>>[], fault: FaultName): readonly string[] {
  return [...new Set(areas.flatMap((area) => area[fault] ?? []))].sort();
}

/** Checks each fault must make fail. */
export const expectations: ReadonlyMap<FaultName, readonly string[]> = new Map(faultNames.map((fault) => [fault, merged(killAreas, fault)]));

/** Checks each fault must turn into an observation (a skip whose reason starts with "observation:"). */
export const observations: ReadonlyMap<FaultName, readonly string[]> = new Map(faultNames.map((fault) => [fault, merged(observationAreas, fault)]));
