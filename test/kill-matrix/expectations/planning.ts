import type { KillExpectations, ObservationExpectations } from './types.ts';

const viewsServed = ['planning.view-create.served', 'planning.view-all.served', 'planning.view-log-download.served', 'planning.view-get.served', 'planning.view-update.served', 'planning.view-lastused.served'];
const groupUid = ['planning.group-uid-echoed', 'planning.group-uid-generated', 'planning.group-uid-updated'];

/** The planning contract interactions (suites/contracts, contracts/consumer/planning.pact.ts) that the same faults break. */
const contract = {
  groupList: 'contract.planning.group-list-with-uid',
  userGroups: 'contract.planning.usergroups-all',
  iconAsString: 'contract.planning.node-type-icon-as-string',
  iconAsObject: 'contract.planning.node-type-icon-as-object',
  fees: 'contract.planning.fee-list',
  view: 'contract.planning.view-details',
} as const;

/** The planning module's checks (suites/modules/planning) that each fault must make fail. */
export const planningKills: KillExpectations = {
  'planning-group-uid-missing': ['planning.group-create.served', 'planning.group-list.served', ...groupUid, contract.groupList],
  'planning-group-list-missing': ['planning.group-list.served', contract.groupList],
  'planning-group-delete-ignored': ['planning.group-delete-removes'],
  // 7.4 runs only the version-neutral checks of the list; the uid checks are not applicable there.
  'planning-group-writes-removed-early': ['planning.group-create.served', 'planning.group-update.served', 'planning.group-delete.served', 'planning.group-delete-removes', ...groupUid],
  'planning-node-copy-removed-early': ['planning.node-copy.served'],
  'planning-usergroups-removed-early': ['planning.usergroups-all.served', 'planning.usergroups-user.served', 'planning.usergroups-user-update.served', contract.userGroups],
  'planning-icon-still-object': ['planning.node-type-icon-download.served', contract.iconAsString],
  'planning-icon-string-before-8.0': ['planning.node-type-icon-download.served', contract.iconAsObject],
  // The lifecycle's query matches fees, so its schema sees the amounts too.
  'planning-fee-amount-string': ['planning.fee-list.served', 'planning.fee-amounts-numeric', contract.fees],
  'planning-fee-query-rejected': ['planning.fee-list.served', contract.fees],
  'planning-filtered-ids-rejected': ['planning.node-copy.served'],
  'planning-dimension-node-update-missing': ['planning.dimension-node-update.served', 'planning.dimension-node-metadata-accepted'],
  'planning-dimension-node-metadata-rejected': ['planning.dimension-node-metadata-accepted'],
  'planning-node-allchildren-missing': [
    'planning.node-allchildren.served',
    'planning.dimension-node-allchildren.served',
    'planning.task-node-allchildren.served',
    'planning.node-allchildren-subtree',
  ],
  'planning-user-uuid-missing': ['planning.responsible-person-uuid'],
  'planning-view-creator-not-uuid': ['planning.view-creator-uuid', contract.view],
  'planning-views-missing': [...viewsServed, 'planning.view-creator-uuid', contract.view],
};

/** The planning module's checks that each fault must turn into an observation. */
export const planningObservations: ObservationExpectations = {
  // A 7.4 patch level that already has the 8.0 additions (spec §4.3) is reported, not failed.
  'planning-additions-served-early': [
    'planning.dimension-node-allchildren.absent-before-8.0',
    'planning.fee-list.absent-before-8.0',
    'planning.group-list.absent-before-8.0',
    'planning.view-lastused.absent-before-8.0',
    'planning.task-node-allchildren.absent-before-8.0',
    'planning.node-allchildren.absent-before-8.0',
    'planning.view-create.absent-before-8.0',
    'planning.view-all.absent-before-8.0',
    'planning.view-log-download.absent-before-8.0',
    'planning.view-get.absent-before-8.0',
    'planning.view-update.absent-before-8.0',
  ],
};
