/**
 * Users as the planning module writes and reads them. Responsible persons
 * are the vendor's User `{userId, firstName, lastName, login}`, with the
 * `uuid` added in 8.0 (spec §2 "Identifier pair", "User record", §9.3).
 * Paths that take a `{userId}` accept the numeric id in both versions and
 * the UUID in 8.0.
 */
import type { SeedUser } from '../../fixtures/users.ts';
import { findUserById, findUserByUuid } from '../../fixtures/user-directory.ts';
import { isUuid, parseInteger } from '../../fixtures/request-values.ts';
import type { SimVersion } from '../../version.ts';
import type { ModuleContext } from '../context.ts';

export interface PlanningUserDto {
  readonly userId: number;
  readonly uuid?: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly login: string;
}

export function planningUserDto(user: SeedUser, context: ModuleContext): PlanningUserDto {
  const base = { userId: user.id, firstName: user.firstName, lastName: user.lastName, login: user.login };
  return context.version === '7.4' || context.faults.has('planning-user-uuid-missing') ? base : { ...base, uuid: user.uuid };
}

export type UserParam = { readonly kind: 'user'; readonly user: SeedUser } | { readonly kind: 'malformed' } | { readonly kind: 'unknown' };

export function readUserParam(raw: string | undefined, version: SimVersion): UserParam {
  const id = parseInteger(raw);
  if (id !== undefined) {
    const user = findUserById(id);
    return user ? { kind: 'user', user } : { kind: 'unknown' };
  }
  if (version === '8.0' && isUuid(raw)) {
    const user = findUserByUuid(raw);
    return user ? { kind: 'user', user } : { kind: 'unknown' };
  }
  return { kind: 'malformed' };
}
