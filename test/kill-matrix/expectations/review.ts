import type { KillExpectations, ObservationExpectations } from './types.ts';

/** The review module's checks (suites/modules/review) that each fault must make fail. */
export const reviewKills: KillExpectations = {
  // _get-general-info: served in both versions, its role changes (spec §4.5, §5.12).
  'review-general-info-missing': ['review.general-info.limited-user', 'review.general-info.served'],
  'review-general-info-old-role': ['review.general-info.limited-user'],
  'review-general-info-role-not-enforced': ['review.general-info.limited-user'],
  // Review DTOs (spec §2).
  'review-react-approved-with-changes-missing': ['review.review-object-react.approved-with-changes-enabled'],
  'review-participant-extern-missing': ['review.participant-extended.extern'],
  'review-participant-approval-pending-value': ['review.participant-approval', 'review.participant-extended.extern'],
  'review-participant-uuid-missing': ['review.users-by-uuid'],
  'review-create-old-flag-name': ['review.create-review-object.flag-create-jms-comment'],
  'review-create-new-flag-name-early': ['review.create-review-object.flag-create-jms-comment'],
};

/** The review module's checks that each fault must turn into an observation. */
export const reviewObservations: ObservationExpectations = {};
