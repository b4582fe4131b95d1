/**
 * ParticipantExtendedDto, a review participant with its decision (spec §2).
 * 8.0 identifies the user by `userUuid` (keeping `userId`) and always writes
 * the required `extern`; 7.4 knows the numeric `userId` only and has no
 * `extern`. `participantStatus` takes the participant approval values
 * APPROVED, APPROVED_WITH_CHANGES, REJECTED (the vendor's
 * ReviewParticipantApproval, identical in both documents); a participant who
 * has not decided yet has no status.
 */
import type { ModuleContext } from '../context.ts';
import type { ReviewParticipant } from '../../fixtures/review.ts';

export function participantWriter(context: ModuleContext) {
  const withUuid = (): boolean => context.version === '8.0' && !context.faults.has('review-participant-uuid-missing');
  const withExtern = (): boolean => context.version === '8.0' && !context.faults.has('review-participant-extern-missing');
  const pendingStatus = () => (context.faults.has('review-participant-approval-pending-value') ? { participantStatus: 'IN_PENDING' } : {});

  return (participant: ReviewParticipant) => ({
    userId: participant.userId,
    ...(withUuid() ? { userUuid: participant.uuid } : {}),
    fullName: participant.fullName,
    email: participant.email,
    ...(withExtern() ? { extern: participant.extern } : {}),
    participantRole: participant.role,
    ...(participant.decision ? { participantStatus: participant.decision } : pendingStatus()),
  });
}
