/**
 * The user references of the job module's bodies, checked against the
 * schemas the catalog names for the identifier changes of spec §2 (UserDto,
 * AssignmentDto, DseUserGroupDto) in the target's version: 8.0 identifies a
 * user by `uuid`, a UUID, next to the deprecated integer `id` (the
 * identifier pair); 7.4 by the integer `id` (spec §9.3).
 */
import { fieldChangeById, type FieldChange } from '../../../src/catalog/fields.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { formatIssue, validateBody } from '../../../src/schemas/validator.ts';
import { isRecord, records, type JsonRecord } from './_job.ts';

/** The catalog's identifier changes of the job module, by DTO. */
const userDto = fieldChangeById('job.user-dto.uuid');
const assignmentDto = fieldChangeById('job.assignment-dto.assignees');
const userGroupDto = fieldChangeById('job.dse-user-group-dto.uuid');

/** One DTO found in a body: where (a JSON pointer), what, and which catalog change governs it. */
export interface DtoAt {
  readonly pointer: string;
  readonly value: unknown;
  readonly change: FieldChange;
}

/** The UserDto, AssignmentDto and DseUserGroupDto of a job record (DseObjectDto, or a my-active item: assignment only). */
export function userDtosOf(record: JsonRecord, pointer: string): DtoAt[] {
  const found: DtoAt[] = [];
  if (record['creator'] !== undefined && record['creator'] !== null) found.push({ pointer: `${pointer}/creator`, value: record['creator'], change: userDto });
  const assignment = record['assignment'];
  if (isRecord(assignment)) {
    found.push({ pointer: `${pointer}/assignment`, value: assignment, change: assignmentDto });
    if (assignment['group'] !== undefined && assignment['group'] !== null) found.push({ pointer: `${pointer}/assignment/group`, value: assignment['group'], change: userGroupDto });
  }
  return found;
}

/** How many users the DTOs name (creators, assignees, default assignees): a check over none proves nothing. */
export function usersNamed(found: readonly DtoAt[]): number {
  return found.reduce((count, dto) => {
    if (!isRecord(dto.value)) return count;
    if (dto.change === userDto) return count + 1;
    if (dto.change === assignmentDto) return count + records(dto.value['assignees']).length;
    return count + (isRecord(dto.value['defaultAssignee']) ? 1 : 0);
  }, 0);
}

/** Each DTO against its schema for the version, one readable line per issue, pointers into the whole body. */
export function identifierIssues(found: readonly DtoAt[], version: PlatformVersion): string[] {
  return found.flatMap((dto) => {
    const schemaId = dto.change.schemas[version];
    if (!schemaId) return [];
    const result = validateBody(schemaId, dto.value);
    return result.ok ? [] : result.errors.map((issue) => `${dto.change.dto} ${formatIssue({ ...issue, pointer: `${dto.pointer}${issue.pointer}` })}`);
  });
}
