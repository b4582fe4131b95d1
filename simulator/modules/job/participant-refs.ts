/**
 * Reads the user a participant request names. The participant endpoints are
 * new in 8.0 and take UUIDs only (spec §4.2 "`userUUID` is a UUID", §9.3):
 * a numeric id is malformed (400), a UUID of nobody is not found (404).
 */
import type { ModuleContext } from '../context.ts';
import type { SeedUser } from '../../fixtures/users.ts';
import { findUserById, findUserByUuid } from '../../fixtures/user-directory.ts';
import { isNumericId, isUuid } from '../../fixtures/request-values.ts';

export type ParticipantRef =
  | { readonly ok: true; readonly user: SeedUser }
  | { readonly ok: false; readonly status: 400 | 404; readonly entity: string; readonly message: string };

export function resolveParticipantRef(raw: unknown, context: ModuleContext): ParticipantRef {
  const entity = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : JSON.stringify(raw) ?? '';
  if (isUuid(raw)) {
    const user = findUserByUuid(raw);
    return user ? { ok: true, user } : { ok: false, status: 404, entity, message: 'User not found' };
  }
  if (isNumericId(raw)) {
    if (!context.faults.has('job-participant-numeric-id-accepted')) {
      return { ok: false, status: 400, entity, message: 'A user UUID is required; numeric user ids are not accepted' };
    }
    const user = findUserById(Number(raw));
    return user ? { ok: true, user } : { ok: false, status: 404, entity, message: 'User not found' };
  }
  return { ok: false, status: 400, entity, message: 'A user UUID is required' };
}
