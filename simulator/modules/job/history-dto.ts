/**
 * DseHistoryObjectDto, one change of a job (vendor JM/DSE 8.0 document):
 * the deprecated numeric `userId` next to `userIdUUID` (spec §2, §9.3).
 */
import type { HistoryRecord, JobRecord } from '../../fixtures/job.ts';
import { findUserById } from '../../fixtures/user-directory.ts';

export interface DseHistoryObjectDto {
  readonly id: number;
  readonly changeId: number;
  readonly dseObjectId: number;
  readonly localeId: number;
  readonly userId: number;
  readonly userIdUUID?: string;
  readonly date: string;
  readonly variableTechnicalName: string;
  readonly note: string;
  readonly oldValue: string;
  readonly newValue: string;
  readonly userComment: string;
  readonly historyType: string;
}

export function historyDto(job: JobRecord, record: HistoryRecord): DseHistoryObjectDto {
  const user = findUserById(record.userId);
  return {
    id: record.id,
    changeId: record.changeId,
    dseObjectId: job.instanceId,
    localeId: job.l10nLocaleId,
    userId: record.userId,
    ...(user ? { userIdUUID: user.uuid } : {}),
    date: record.date,
    variableTechnicalName: record.variableTechnicalName,
    note: record.note,
    oldValue: record.oldValue,
    newValue: record.newValue,
    userComment: record.userComment,
    historyType: record.historyType,
  };
}

/** Newest first, as the platform sorts history by date (vendor: "By default, it's sorting by date"). */
export function historyNewestFirst(records: readonly HistoryRecord[]): HistoryRecord[] {
  return [...records].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/**
 * The same history item naming its user by another, well-formed UUID: the
 * faults in which one user carries two UUIDs (simulator/faults/job.ts).
 */
export function withAnotherUserUuid(dto: DseHistoryObjectDto): DseHistoryObjectDto {
  if (dto.userIdUUID === undefined) return dto;
  const last = dto.userIdUUID.slice(-1).toLowerCase();
  return { ...dto, userIdUUID: `${dto.userIdUUID.slice(0, -1)}${last === '0' ? '1' : '0'}` };
}
