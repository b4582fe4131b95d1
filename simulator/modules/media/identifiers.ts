/**
 * Identifier pairs of the media module (spec §2, §9.3): 8.0 carries `uuid`
 * as the primary identifier beside the legacy integer `id`; 7.4 knows only
 * `id`. Every body that names a user, virtual database or division goes
 * through here, so one place decides what a version shows.
 */
import type { ModuleContext } from '../context.ts';

export interface IdentifiedRecord {
  readonly id: number;
  readonly uuid: string;
}

/** `{ id }` in 7.4, `{ id, uuid }` in 8.0. */
export function identifierPair(context: ModuleContext, record: IdentifiedRecord): { id?: number; uuid?: string } {
  if (context.version === '7.4') return context.faults.has('media-integer-ids-missing-in-7.4') ? { uuid: record.uuid } : { id: record.id };
  if (context.faults.has('media-uuid-not-uuid')) return { id: record.id, uuid: String(record.id) };
  return { id: record.id, uuid: record.uuid };
}

/** The uuid alone, for fields such as `ownerUuid`; undefined in 7.4. */
export function uuidOf(context: ModuleContext, record: IdentifiedRecord): string | undefined {
  return identifierPair(context, record).uuid;
}
