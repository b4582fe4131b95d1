/**
 * The kill matrix's expectations, one file per area, merged: a fault may
 * be named by several areas (a shape fault kills a module check and the
 * matching contract interaction), and then it must kill all of them.
 */
import { faultNames, type FaultName } from '../../../simulator/faults/index.ts';
import type { KillExpectations } from './types.ts';
import { authKills } from './auth.ts';

const areas: readonly KillExpectations[] = [authKills];

export function expectedKills(fault: FaultName): readonly string[] {
  return [...new Set(areas.flatMap((area) => area[fault] ?? []))].sort();
}

export const expectations: ReadonlyMap<FaultName, readonly string[]> = new Map(faultNames.map((fault) => [fault, expectedKills(fault)]));
