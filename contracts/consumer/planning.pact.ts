/**
 * Planning module contracts (spec §2 "Group", "Fee list", "View"; §4.3).
 * The icon download is the spec's breaking change: an object in 7.4, a
 * string in 8.0. The deprecated user-group listing must still answer in 8.0.
 */
import { MatchersV3 } from '../matchers.ts';
import { uuid } from '../uuid-matcher.ts';
import { downloadNodeTypeIcon, getAllUserGroups, getFees, getView, listGroups } from '../../src/api/modules/planning.ts';
import { example, stateValue, type ContractInteraction, type ModuleContracts } from '../interaction.ts';

const { eachLike, like, number, string } = MatchersV3;

const iconRequest = {
  state: 'a planning node type with an icon exists',
  endpoint: 'planning.node-type-icon-download',
  status: 200,
  drive: (api) => downloadNodeTypeIcon(api, example('nodeTypeId')),
} as const satisfies Partial<ContractInteraction>;

/** Deprecated in 8.0, not removed (spec §4.3): the body is not shown, the answer is the contract. */
const allUserGroups: ContractInteraction = {
  slug: 'usergroups-all',
  killedBy: ['planning-usergroups-all-no-content'],
  // Gone early: the served check holds that finding, and the interaction is not checked.
  observedBy: ['planning-usergroups-removed-early'],
  description: 'a request for the group memberships of all users',
  state: 'planning user groups exist',
  endpoint: 'planning.usergroups-all',
  status: 200,
  drive: (api) => getAllUserGroups(api),
};

export const planningContracts: ModuleContracts = {
  module: 'planning',
  versions: {
    '7.4': [
      {
        ...iconRequest,
        slug: 'node-type-icon-as-object',
        killedBy: ['planning-icon-string-before-8.0'],
        description: 'a request to download the icon of a node type as an object',
        responseBody: like({}),
      },
      allUserGroups,
    ],
    '8.0': [
      {
        ...iconRequest,
        slug: 'node-type-icon-as-string',
        killedBy: ['planning-icon-still-object'],
        description: 'a request to download the icon of a node type as a string',
        responseBody: string('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
      },
      allUserGroups,
      {
        slug: 'group-list-with-uid',
        killedBy: ['planning-group-uid-missing'],
        observedBy: ['planning-group-list-missing'],
        description: 'a request for all planning groups with their uids',
        state: 'planning groups exist',
        endpoint: 'planning.group-list',
        status: 200,
        responseBody: eachLike({ id: string('11'), uid: string('9a1c2e4f-6b7d-4e8a-9c0b-1d2e3f4a5b6c') }),
        drive: (api) => listGroups(api),
      },
      {
        slug: 'fee-list',
        killedBy: ['planning-fee-amount-string', 'planning-fee-query-rejected'],
        description: 'a request for the fees matching a query',
        state: 'a fee exists',
        endpoint: 'planning.fee-list',
        query: { query: stateValue('feeQuery') },
        status: 200,
        // `number`, not `decimal`: spec §2 says amount is a number, and pact's decimal refuses whole numbers such as 1500.
        responseBody: { fees: eachLike({ type: string('PERCENT'), amount: number(12.5) }) },
        drive: (api) => getFees(api, example('feeQuery')),
      },
      {
        slug: 'view-details',
        // Without the view endpoints the provider state finds no view to ask for: a failed setup, not a skip.
        killedBy: ['planning-view-creator-not-uuid', 'planning-views-missing'],
        description: 'a request for the details of a planning view',
        state: 'a planning view exists',
        endpoint: 'planning.view-get',
        status: 200,
        // creatorId is a string (spec §2) naming a user, and users are UUIDs from 8.0 on (spec §9.3).
        responseBody: { id: string('301'), accessType: string('PUBLIC_ACCESS'), creatorId: uuid(example('userUuid')) },
        drive: (api) => getView(api, example('viewId')),
      },
    ],
  },
};
