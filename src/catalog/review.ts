/**
 * Review module endpoint changes, spec §4.5 (prefix `/rm/rest`). Its DTO
 * changes (spec §2) are in fields.ts.
 */
import { platformRoles } from './roles.ts';
import { endpointChanges } from './types.ts';

export const reviewEntries = endpointChanges([
  {
    id: 'review.general-info',
    module: 'review',
    method: 'GET',
    path: '/rm/rest/v1.0/util/reviews/{id}/_get-general-info',
    change: 'changed',
    // Spec §4.5, §5.12: the role changes, the body does not.
    roles: { '7.4': [platformRoles.reviewManagerModuleAccess], '8.0': [platformRoles.authenticated] },
    schemas: { response: { '7.4': 'common/review-general-info', '8.0': 'common/review-general-info' } },
    specSection: '§4.5',
    notes: 'required role changed from REVIEW_MANAGER_MODULE_ACCESS to AUTHENTICATED',
    mutating: false,
    pathParams: { id: 'reviewId' },
    faults: {
      served: { killedBy: ['review-general-info-missing', 'review-general-info-as-array'] },
    },
  },
]);
