/**
 * DseObjectDto, the job as `jobs/_search` and `dse-object/{instanceId}/…`
 * return it (vendor JM/DSE documents). Users inside it follow the version's
 * identifier rules (spec §4.2: "users in the response are identified by
 * UUID" in 8.0); the caller chooses how a user is written so a fault can
 * change one route without touching the other.
 */
import type { SeedUser } from '../../fixtures/users.ts';
import type { JobFixtures, JobRecord } from '../../fixtures/job.ts';
import { findUserById } from '../../fixtures/user-directory.ts';
import type { SimVersion } from '../../version.ts';
import { userGroupDto, usersById, type UserDto, type UserGroupDto } from './users.ts';

export interface DseObjectValueDto {
  readonly value: string;
  readonly displayValue: string;
  readonly inheritFromParent: 'NOT_SUPPORTED';
}

export interface DseObjectDto {
  readonly values: Readonly<Record<string, DseObjectValueDto>>;
  readonly instanceId: number;
  readonly l10nLocaleId: number;
  readonly workflowObjectId: number;
  readonly name: string;
  readonly extendedName: string;
  readonly state: string;
  readonly ordinalNumber: number;
  readonly typeId: number;
  readonly createdBy: string;
  readonly creator?: UserDto;
  readonly workflowTypeId: number;
  readonly currentStepTemplateId: number;
  readonly assignment: { readonly assignees: readonly UserDto[]; readonly group?: UserGroupDto };
}

const value = (raw: string, display = raw): DseObjectValueDto => ({ value: raw, displayValue: display, inheritFromParent: 'NOT_SUPPORTED' });

/** Variable values keyed by the vendor's system variable ids: 20 name, -117 due date, 24 job step, 198 job type, 126 last modification. */
function jobValues(job: JobRecord): Record<string, DseObjectValueDto> {
  return {
    '20': value(job.name),
    '-117': value(job.dueDate, job.dueDate.slice(0, 10)),
    '24': value(String(job.jobStepNumber)),
    '198': value(String(job.type.id), job.type.name),
    '126': value(job.lastModified, job.lastModified.slice(0, 10)),
  };
}

/**
 * The job's grid variables, under their variable instance id: the id their
 * rows are read by (GET …/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows);
 * the value is the number of rows.
 */
function gridValues(job: JobRecord, state: JobFixtures): Record<string, DseObjectValueDto> {
  const values: Record<string, DseObjectValueDto> = {};
  for (const [key, rows] of state.grids) {
    const [ordinal, variableInstanceId] = key.split('/');
    if (ordinal === String(job.ordinalNumber) && variableInstanceId) values[variableInstanceId] = value(String(rows.length), `${rows.length} rows`);
  }
  return values;
}

export function dseObjectDto(
  job: JobRecord,
  state: JobFixtures,
  version: SimVersion,
  writeUser: (user: SeedUser) => UserDto,
): DseObjectDto {
  const creator = findUserById(job.creatorId);
  const group = state.userGroups.find((candidate) => candidate.id === job.groupId);
  return {
    values: { ...jobValues(job), ...gridValues(job, state) },
    instanceId: job.instanceId,
    l10nLocaleId: job.l10nLocaleId,
    workflowObjectId: job.workflowObjectId,
    name: job.name,
    extendedName: `J-${job.ordinalNumber} ${job.name}`,
    state: job.state,
    ordinalNumber: job.ordinalNumber,
    typeId: job.type.id,
    createdBy: creator?.login ?? '',
    ...(creator ? { creator: writeUser(creator) } : {}),
    workflowTypeId: job.type.workflowTypeId,
    currentStepTemplateId: job.currentStepTemplateId,
    assignment: {
      assignees: usersById(job.assigneeIds).map(writeUser),
      ...(group ? { group: userGroupDto(group, version, writeUser) } : {}),
    },
  };
}
