/**
 * GroupDTO as the planning module writes it: `{id, name, inherit}`, plus the
 * `uid` that 8.0 adds to every group in a response (spec §2, §4.3).
 */
import type { ModuleContext } from '../context.ts';
import type { PlanGroup } from '../../fixtures/planning.ts';

export interface GroupDto {
  readonly id: string;
  readonly name: string;
  readonly inherit: boolean;
  readonly uid?: string;
}

export function groupWriter(context: ModuleContext): (group: PlanGroup) => GroupDto {
  return (group) => {
    const base = { id: group.id, name: group.name, inherit: group.inherit };
    const withUid = context.version === '8.0' && !context.faults.has('planning-group-uid-missing');
    return withUid ? { ...base, uid: group.uid } : base;
  };
}
