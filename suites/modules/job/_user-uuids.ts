/**
 * The (numeric id, UUID) pairs by which a job body names its users on 8.0:
 * the identifier pair of spec §2 (`id` legacy, `uuid` the primary
 * identifier) in UserDto, AssignmentDto and DseUserGroupDto, and the
 * `userId` / `userIdUUID` of a history item. Both name one user (spec §9.3:
 * users are identified by UUID instead of numeric id), so one numeric id
 * carries one UUID wherever it appears. UUIDs compare in either case
 * (RFC 9562 §4).
 */
import { isRecord, records, type JsonRecord } from './_job.ts';

export interface UserRef {
  readonly id: number;
  readonly uuid: string;
  /** Where it was found (`GET …/dse-object /creator`). */
  readonly where: string;
}

function pairOf(value: unknown, idName: string, uuidName: string, where: string): UserRef[] {
  if (!isRecord(value)) return [];
  const id = value[idName];
  const uuid = value[uuidName];
  return typeof id === 'number' && typeof uuid === 'string' ? [{ id, uuid, where }] : [];
}

/** The users a DseObjectDto names: creator, assignees, the user group's default assignee. */
export function jobUserRefs(record: JsonRecord, source: string): UserRef[] {
  const assignment = isRecord(record['assignment']) ? record['assignment'] : {};
  const group = isRecord(assignment['group']) ? assignment['group'] : {};
  return [
    ...pairOf(record['creator'], 'id', 'uuid', `${source} /creator`),
    ...records(assignment['assignees']).flatMap((assignee, index) => pairOf(assignee, 'id', 'uuid', `${source} /assignment/assignees/${index}`)),
    ...pairOf(group['defaultAssignee'], 'id', 'uuid', `${source} /assignment/group/defaultAssignee`),
  ];
}

/** The users history items name (`userId`, `userIdUUID`), `pointer` the items' array. */
export function historyUserRefs(items: readonly JsonRecord[], source: string, pointer: string): UserRef[] {
  return items.flatMap((item, index) => pairOf(item, 'userId', 'userIdUUID', `${source} ${pointer}/${index}`));
}

export interface Comparison {
  /** Numeric ids named more than once. */
  readonly compared: number;
  /** One line per id that carries more than one UUID. */
  readonly issues: readonly string[];
}

/** Every numeric id named more than once, with the UUIDs it carries: more than one is an inconsistency. */
export function compareUserRefs(refs: readonly UserRef[]): Comparison {
  const byId = new Map<number, UserRef[]>();
  for (const ref of refs) byId.set(ref.id, [...(byId.get(ref.id) ?? []), ref]);
  const repeated = [...byId.entries()].filter(([, named]) => named.length > 1);
  const issues = repeated.flatMap(([id, named]) => {
    const uuids = new Set(named.map((ref) => ref.uuid.toLowerCase()));
    return uuids.size > 1 ? [`user id ${id} carries ${uuids.size} UUIDs: ${named.map((ref) => `${ref.uuid} at ${ref.where}`).join(', ')}`] : [];
  });
  return { compared: repeated.length, issues };
}
