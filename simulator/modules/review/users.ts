/**
 * Users as the review module writes them: UserBaseDto `{fullName, id}` and
 * UserDto (the same plus `email`), with the `uuid` 8.0 adds (spec §2
 * "Identifier pair", §9.3).
 */
import type { SimVersion } from '../../version.ts';

export interface ReviewUserSource {
  readonly id: number;
  readonly uuid: string;
  readonly fullName: string;
  readonly email: string;
}

export interface UserBaseDto {
  readonly fullName: string;
  readonly id: number;
  readonly uuid?: string;
}

export function userBaseDto(user: ReviewUserSource, version: SimVersion): UserBaseDto {
  const base = { fullName: user.fullName, id: user.id };
  return version === '7.4' ? base : { ...base, uuid: user.uuid };
}

export function reviewUserDto(user: ReviewUserSource, version: SimVersion): UserBaseDto & { readonly email: string } {
  return { ...userBaseDto(user, version), email: user.email };
}
