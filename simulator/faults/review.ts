import type { FaultDefinition } from './fault.ts';

/** Named deviations of the review module from the spec (spec §2, §4.5, §5.12). */
export const reviewFaults = {
  'review-general-info-old-role': {
    description: '_get-general-info still requires REVIEW_MANAGER_MODULE_ACCESS in 8.0 instead of AUTHENTICATED.',
    spec: '§4.5, §5.12',
    versions: ['8.0'],
  },
  'review-general-info-role-not-enforced': {
    description: '_get-general-info lets a user without REVIEW_MANAGER_MODULE_ACCESS in on 7.4.',
    spec: '§4.5, §5.12',
    versions: ['7.4'],
  },
  'review-react-approved-with-changes-missing': {
    description: 'The review object react record lacks the required approvedWithChangesEnabled.',
    spec: '§2',
    versions: ['8.0'],
  },
  'review-participant-extern-missing': {
    description: 'Extended participants lack the required extern flag.',
    spec: '§2',
    versions: ['8.0'],
  },
  'review-participant-uuid-missing': {
    description: 'Extended participants carry only the numeric userId, no userUuid.',
    spec: '§2, §9.3',
    versions: ['8.0'],
  },
  'review-participant-approval-pending-value': {
    description: 'A participant who has not decided is reported with participantStatus IN_PENDING, outside the participant approval values.',
    spec: '§2',
    versions: ['7.4', '8.0'],
  },
  'review-create-old-flag-name': {
    description: 'Review object creation still requires flagCreateJmsCommentfield and refuses flagCreateJmsComment.',
    spec: '§2',
    versions: ['8.0'],
  },
  'review-create-new-flag-name-early': {
    description: 'Review object creation on 7.4 already requires the 8.0 name flagCreateJmsComment and refuses flagCreateJmsCommentfield.',
    spec: '§2',
    versions: ['7.4'],
  },
  'review-general-info-missing': {
    description: 'GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info, changed in 8.0 and served in both versions, is not served.',
    spec: '§4.5',
    versions: ['7.4', '8.0'],
  },
  'review-general-info-as-array': {
    description: 'GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info answers the general information inside an array, not as an object.',
    spec: '§4.5',
    versions: ['7.4', '8.0'],
  },
} as const satisfies Readonly<Record<string, FaultDefinition>>;
