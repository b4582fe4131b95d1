/**
 * DseJobParticipantDto (vendor JM/DSE 8.0 document): the user by `userUUID`,
 * with the deprecated numeric `userId` and `participantId` kept (spec §2).
 */
import type { SeedUser } from '../../fixtures/users.ts';
import { fullNameOf } from '../../fixtures/user-directory.ts';

export interface DseJobParticipantDto {
  readonly login: string;
  readonly email: string;
  readonly fullName: string;
  readonly userId: number;
  readonly userUUID: string;
  readonly organizationalUnit: string;
  readonly extern: boolean;
  readonly participantId: number;
  readonly userStatus: 'PARTICIPANT';
}

export function participantDto(instanceId: number, user: SeedUser): DseJobParticipantDto {
  return {
    login: user.login,
    email: user.email,
    fullName: fullNameOf(user),
    userId: user.id,
    userUUID: user.uuid,
    organizationalUnit: 'Marketing',
    extern: false,
    participantId: instanceId * 10_000 + user.id,
    userStatus: 'PARTICIPANT',
  };
}
