/**
 * Review module contracts (spec §4.5). The general information's body is
 * not shown in the spec: the contract is that it answers with an object.
 * The role it needs changes in 8.0 (spec §5.12), which the module suite checks.
 */
import { MatchersV3 } from '../matchers.ts';
import { getReviewGeneralInfo } from '../../src/api/modules/review.ts';
import { example, type ContractInteraction, type ModuleContracts } from '../interaction.ts';

const generalInfo: ContractInteraction = {
  slug: 'general-info',
  killedBy: ['review-general-info-as-array'],
  // Not served: the served check holds that finding, and the interaction is not checked.
  observedBy: ['review-general-info-missing'],
  description: 'a request for the general information of a review',
  state: 'a review exists',
  endpoint: 'review.general-info',
  status: 200,
  responseBody: MatchersV3.like({}),
  drive: (api) => getReviewGeneralInfo(api, example('reviewId')),
};

export const reviewContracts: ModuleContracts = {
  module: 'review',
  versions: { '7.4': [generalInfo], '8.0': [generalInfo] },
};
