/**
 * How the job module writes a user (UserDto) and a user group
 * (DseUserGroupDto). 7.4 knows users by numeric id only; 8.0 adds the
 * `uuid` as primary identifier and keeps the deprecated `id` (spec §2
 * "Identifier pair", "User record", "User group"; §9.3).
 */
import type { SeedUser } from '../../fixtures/users.ts';
import type { JobUserGroup } from '../../fixtures/job.ts';
import { findUserById, fullNameOf } from '../../fixtures/user-directory.ts';
import type { SimVersion } from '../../version.ts';

export interface UserDto {
  /** The legacy numeric id: the identifier up to 7.4, deprecated in 8.0. */
  readonly id?: number;
  readonly uuid?: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly email: string;
  readonly login: string;
}

/** The user as 7.4 writes it: numeric id, no uuid. */
export function legacyUserDto(user: SeedUser): UserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullNameOf(user),
    email: user.email,
    login: user.login,
  };
}

/** The user by uuid only, without the numeric id 7.4 identifies users by (fault job-legacy-user-id-missing). */
export function uuidOnlyUserDto(user: SeedUser): UserDto {
  return { uuid: user.uuid, firstName: user.firstName, lastName: user.lastName, fullName: fullNameOf(user), email: user.email, login: user.login };
}

/** The user as the given version writes it (8.0: `{id, uuid, firstName, lastName, fullName, email, login}`). */
export function userDto(user: SeedUser, version: SimVersion): UserDto {
  return version === '7.4' ? legacyUserDto(user) : { ...legacyUserDto(user), uuid: user.uuid };
}

export interface UserGroupDto {
  readonly id: number;
  readonly uuid?: string;
  readonly name: string;
  readonly predefined: boolean;
  readonly defaultAssignee?: UserDto;
}

/** DseUserGroupDto: by numeric id in 7.4, by UUID (plus the deprecated id) in 8.0 (spec §2). */
export function userGroupDto(group: JobUserGroup, version: SimVersion, writeUser: (user: SeedUser) => UserDto): UserGroupDto {
  const defaultAssignee = findUserById(group.defaultAssigneeId);
  const base = {
    id: group.id,
    name: group.name,
    predefined: group.predefined,
    ...(defaultAssignee ? { defaultAssignee: writeUser(defaultAssignee) } : {}),
  };
  return version === '7.4' ? base : { ...base, uuid: group.uuid };
}

/** Resolves seeded users by id, silently skipping ids that name nobody. */
export function usersById(ids: readonly number[]): SeedUser[] {
  return ids.flatMap((id) => {
    const user = findUserById(id);
    return user ? [user] : [];
  });
}
