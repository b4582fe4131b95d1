/**
 * The people a review names: platform users by id, or its participants
 * (external reviewers included), in the shape the user writers take.
 */
import type { ReviewParticipant, ReviewRecord } from '../../fixtures/review.ts';
import { findUserById, fullNameOf } from '../../fixtures/user-directory.ts';
import type { ReviewUserSource } from './users.ts';

export function personById(review: ReviewRecord, id: number): ReviewUserSource | undefined {
  const seeded = findUserById(id);
  if (seeded) return { id: seeded.id, uuid: seeded.uuid, fullName: fullNameOf(seeded), email: seeded.email };
  const participant = review.participants.find((candidate) => candidate.userId === id);
  return participant ? personOf(participant) : undefined;
}

export function personOf(participant: ReviewParticipant): ReviewUserSource {
  return { id: participant.userId, uuid: participant.uuid, fullName: participant.fullName, email: participant.email };
}
