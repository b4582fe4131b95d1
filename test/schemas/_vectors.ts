/**
 * One valid and at least one invalid body per schema. Keyed by SchemaId, so a
 * schema added to src/schemas/ids.ts without vectors does not type-check.
 * Each invalid vector names the JSON pointer of the issue it must produce.
 */
import type { SchemaId } from '../../src/schemas/ids.ts';

export interface InvalidVector {
  readonly why: string;
  readonly value: unknown;
  readonly pointer: string;
}

export interface SchemaVectors {
  readonly valid: readonly unknown[];
  readonly invalid: readonly InvalidVector[];
}

const adaUuid = '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f';
const lenaUuid = '8a7e6d5c-4b3a-4c2d-8e1f-0a9b8c7d6e5f';
const vdbUuid = 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5';

const user74 = { id: 1042, firstName: 'Ada', lastName: 'Brandt', fullName: 'Ada Brandt', email: 'ada.brandt@example.com', login: 'integration.admin' };
const user80 = { ...user74, uuid: adaUuid };
const assignment74 = { assignees: [{ id: 1042, fullName: 'Ada Brandt' }], group: { id: 7, name: 'Editors' } };
const assignment80 = { assignees: [{ uuid: adaUuid, fullName: 'Ada Brandt' }], group: { uuid: lenaUuid, name: 'Editors' } };

export const vectors: Readonly<Record<SchemaId, SchemaVectors>> = {
  'common/token-response': {
    valid: [
      { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer', expires_in: 3600, scope: 'openid', id_token: 'it' },
      { access_token: 'at', refresh_token: 'rt', token_type: 'bearer', expires_in: 0, scope: '' },
    ],
    invalid: [
      { why: 'refresh_token missing', value: { access_token: 'at', token_type: 'Bearer', expires_in: 3600, scope: 'openid' }, pointer: '/refresh_token' },
      { why: 'token_type not bearer', value: { access_token: 'at', refresh_token: 'rt', token_type: 'mac', expires_in: 3600, scope: 'openid' }, pointer: '/token_type' },
      { why: 'expires_in negative', value: { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer', expires_in: -1, scope: 'openid' }, pointer: '/expires_in' },
      { why: 'expires_in a string', value: { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer', expires_in: '3600', scope: 'openid' }, pointer: '/expires_in' },
    ],
  },
  'common/job-search-response': {
    valid: [{ totalCount: 1, values: [{ instanceId: 5001, name: 'Spring flyer' }] }],
    invalid: [{ why: 'values missing', value: { totalCount: 0 }, pointer: '/values' }],
  },
  'common/review-general-info': {
    valid: [{ reviewId: 5695, rmInstanceId: -2, dseObjectInstanceId: 13565, dseVariableTypeId: 88867, ownerFullName: 'Ada Brandt' }, {}],
    invalid: [{ why: 'reviewId a string', value: { reviewId: '5695' }, pointer: '/reviewId' }],
  },
  'common/review-participant-approval': {
    valid: ['APPROVED', 'APPROVED_WITH_CHANGES', 'REJECTED'],
    invalid: [{ why: 'unknown value', value: 'MAYBE', pointer: '' }],
  },
  'common/web-tracing-result': {
    valid: [{ links: ['https://example.com/a', 'https://example.org/b'] }],
    invalid: [{ why: 'links not strings', value: { links: [1] }, pointer: '/links/0' }],
  },
  'common/workflow-step-collection': {
    valid: [{ steps: [{ id: 1, name: 'Approve' }] }],
    invalid: [{ why: 'steps an object', value: { steps: {} }, pointer: '/steps' }],
  },

  '7.4/user': {
    valid: [user74],
    invalid: [
      { why: 'uuid instead of numeric id', value: { uuid: adaUuid, fullName: 'Ada Brandt' }, pointer: '/id' },
      { why: 'id a string', value: { id: '1042' }, pointer: '/id' },
    ],
  },
  '7.4/identifier-pair': {
    valid: [{ id: 1042 }],
    invalid: [{ why: 'only a uuid', value: { uuid: adaUuid }, pointer: '/id' }],
  },
  '7.4/assignment': {
    valid: [assignment74],
    invalid: [{ why: 'assignee by uuid', value: { assignees: [{ uuid: adaUuid, fullName: 'Ada Brandt' }] }, pointer: '/assignees/0/id' }],
  },
  '7.4/dse-user-group': {
    valid: [{ id: 7, name: 'Editors', predefined: false, defaultAssignee: user74 }],
    invalid: [{ why: 'group by uuid', value: { uuid: lenaUuid, name: 'Editors' }, pointer: '/id' }],
  },
  '7.4/dashboard-my-active': {
    valid: [
      { items: [{ jobInstanceId: 5001, name: 'Spring flyer', assignment: assignment74 }], total: 1 },
      { items: [{ jobInstanceId: 5001, dashboardObjectType: 'JOB' }], total: 1 },
    ],
    invalid: [
      { why: 'assignee without numeric id', value: { items: [{ jobInstanceId: 5001, assignment: { assignees: [{ uuid: adaUuid, fullName: 'Ada Brandt' }] } }], total: 1 }, pointer: '/items/0/assignment/assignees/0/id' },
      { why: 'total missing', value: { items: [] }, pointer: '/total' },
    ],
  },
  '7.4/job-search-request': {
    valid: [{ userId: 1042, filterId: 12, states: ['ACTIVE', 'PENDING'] }],
    invalid: [{ why: 'states a string', value: { states: 'ACTIVE' }, pointer: '/states' }],
  },
  '7.4/dse-object': {
    valid: [{ instanceId: 5001, l10nLocaleId: 1, creator: user74, assignment: assignment74 }],
    invalid: [{ why: 'creator by uuid only', value: { instanceId: 5001, creator: { uuid: adaUuid } }, pointer: '/creator/id' }],
  },
  '7.4/group': {
    valid: [{ id: 'g-17', name: 'Region North', inherit: true }],
    invalid: [{ why: 'id missing', value: { name: 'Region North' }, pointer: '/id' }],
  },
  '7.4/node-type-icon-download': {
    valid: [{}],
    invalid: [{ why: 'a string (the 8.0 shape)', value: 'iVBORw0KGgo=', pointer: '' }],
  },
  '7.4/asset': {
    valid: [{ id: 77416, assetTypeId: 3 }],
    invalid: [{ why: 'id missing', value: { assetTypeId: 3 }, pointer: '/id' }],
  },
  '7.4/themes': {
    valid: [{ id: 1, name: { EN: 'All themes' }, leaf: false, disabled: false, expanded: true, children: [{ id: 1144, name: { DE: 'test' }, leaf: true }] }],
    invalid: [{ why: 'an array (the 8.0 shape)', value: [{ id: 1144 }], pointer: '' }],
  },
  '7.4/shop-advanced-search-request': {
    valid: [{ orderData: false, text: 'flyer', conflictTypes: ['NO_CONFLICT'], conditions: [], categoryId: 3, filters: [], headerId: 1, orderListId: 2 }],
    invalid: [{ why: 'orderData a string', value: { orderData: 'no' }, pointer: '/orderData' }],
  },
  '7.4/shop-advanced-search-response': {
    valid: [[{ itemId: 1 }, { itemId: 2 }], []],
    invalid: [{ why: 'an object (the 8.0 shape)', value: { items: [] }, pointer: '' }],
  },
  '7.4/review-object-react': {
    valid: [{ id: 1, title: 'Flyer' }, { id: 1, approvedWithChangesEnabled: false }],
    invalid: [{ why: 'flag a string', value: { approvedWithChangesEnabled: 'yes' }, pointer: '/approvedWithChangesEnabled' }],
  },
  '7.4/create-review-object': {
    valid: [{ flagCreateJmsCommentfield: true, mediaGUID: 77416 }],
    invalid: [{ why: 'the 8.0 name only', value: { flagCreateJmsComment: true }, pointer: '/flagCreateJmsCommentfield' }],
  },
  '7.4/participant-extended': {
    valid: [{ userId: 1042, fullName: 'Ada Brandt' }, { userId: 1042, extern: false, participantStatus: 'APPROVED' }],
    invalid: [{ why: 'unknown approval', value: { participantStatus: 'MAYBE' }, pointer: '/participantStatus' }],
  },

  '8.0/user': {
    valid: [user80, { uuid: adaUuid }],
    invalid: [
      { why: 'numeric id only', value: user74, pointer: '/uuid' },
      { why: 'uuid not a UUID', value: { uuid: '1042' }, pointer: '/uuid' },
    ],
  },
  '8.0/identifier-pair': {
    valid: [{ id: 1042, uuid: adaUuid }, { uuid: adaUuid }],
    invalid: [
      { why: 'numeric id only', value: { id: 1042 }, pointer: '/uuid' },
      { why: 'uuid not a UUID', value: { uuid: 'ada' }, pointer: '/uuid' },
    ],
  },
  '8.0/assignment': {
    valid: [assignment80],
    invalid: [
      { why: 'assignee by numeric id', value: assignment74, pointer: '/assignees/0/uuid' },
      { why: 'assignee without fullName', value: { assignees: [{ uuid: adaUuid }] }, pointer: '/assignees/0/fullName' },
    ],
  },
  '8.0/dse-user-group': {
    valid: [{ uuid: lenaUuid, name: 'Editors', defaultAssignee: user80 }],
    invalid: [{ why: 'numeric id only', value: { id: 7, name: 'Editors' }, pointer: '/uuid' }],
  },
  '8.0/dashboard-my-active': {
    valid: [{ items: [{ jobInstanceId: 5001, name: 'Spring flyer', assignment: assignment80 }], total: 1 }, { items: [], total: 0 }],
    invalid: [
      { why: 'assignee uuid is a numeric id', value: { items: [{ jobInstanceId: 5001, assignment: { assignees: [{ uuid: '1042', fullName: 'Ada Brandt' }] } }], total: 1 }, pointer: '/items/0/assignment/assignees/0/uuid' },
      { why: 'assignment missing', value: { items: [{ jobInstanceId: 5001 }], total: 1 }, pointer: '/items/0/assignment' },
      { why: 'jobInstanceId a string', value: { items: [{ jobInstanceId: '5001', assignment: assignment80 }], total: 1 }, pointer: '/items/0/jobInstanceId' },
    ],
  },
  '8.0/job-search-request': {
    valid: [{ userIdUUID: adaUuid, filterId: 12, states: ['ACTIVE', 'PENDING'] }, { userId: 1042 }],
    invalid: [
      { why: 'userIdUUID numeric', value: { userIdUUID: 1042 }, pointer: '/userIdUUID' },
      { why: 'filterId a string', value: { filterId: 'mine' }, pointer: '/filterId' },
    ],
  },
  '8.0/dse-object': {
    valid: [{ instanceId: 5001, l10nLocaleId: 1, creator: user80, assignment: assignment80 }],
    invalid: [{ why: 'creator by numeric id', value: { instanceId: 5001, creator: user74 }, pointer: '/creator/uuid' }],
  },
  '8.0/dse-object-history-page': {
    valid: [{ items: [{ id: 1, date: '2025-03-01T10:00:00Z', historyType: 'JOB_CREATED', userIdUUID: adaUuid }], total: 1 }],
    invalid: [{ why: 'date not a date-time', value: { items: [{ date: 'yesterday' }], total: 1 }, pointer: '/items/0/date' }],
  },
  '8.0/dse-participant-list': {
    valid: [[{ userUUID: adaUuid, fullName: 'Ada Brandt', extern: false, userStatus: 'CREATOR' }], []],
    invalid: [{ why: 'participant by numeric id', value: [{ userId: 1042 }], pointer: '/0/userUUID' }],
  },
  '8.0/participant-uuid-list': {
    valid: [[adaUuid, lenaUuid]],
    invalid: [{ why: 'a numeric id', value: [1042], pointer: '/0' }],
  },
  '8.0/process-type-v2': {
    valid: [{ id: 3, technicalName: 'campaign', displayName: { EN: 'Campaign' }, metatype: 'PROCESS', variables: [] }],
    invalid: [{ why: 'variables an object', value: { variables: {} }, pointer: '/variables' }],
  },
  '8.0/dse-object-light-page': {
    valid: [{ data: [{ id: 5001, name: 'Spring flyer', displayName: 'Spring flyer', deepLink: 'https://example.com/j/5001' }], limit: 20, offset: 0, totalCount: 1 }],
    invalid: [{ why: 'totalCount missing', value: { data: [], limit: 20, offset: 0 }, pointer: '/totalCount' }],
  },
  '8.0/discussion-count': {
    valid: [0, 3],
    invalid: [{ why: 'an object', value: { count: 3 }, pointer: '' }],
  },
  '8.0/group': {
    valid: [{ id: 'g-17', uid: 'region-north', name: 'Region North' }],
    invalid: [
      { why: 'uid missing', value: { id: 'g-17', name: 'Region North' }, pointer: '/uid' },
      { why: 'id numeric', value: { id: 17, uid: 'region-north' }, pointer: '/id' },
    ],
  },
  '8.0/group-list': {
    valid: [[{ id: 'g-17', uid: 'region-north' }], []],
    invalid: [{ why: 'a group without uid', value: [{ id: 'g-17' }], pointer: '/0/uid' }],
  },
  '8.0/group-request': {
    valid: [{ name: 'Region North' }, { name: 'Region North', uid: 'region-north' }],
    invalid: [{ why: 'uid numeric', value: { uid: 17 }, pointer: '/uid' }],
  },
  '8.0/node-copy-request': {
    valid: [{}, { filteredIds: ['n-1', 'n-2'], copyTasks: true }],
    invalid: [{ why: 'filteredIds numbers', value: { filteredIds: [1] }, pointer: '/filteredIds/0' }],
  },
  '8.0/node-type-icon-download': {
    valid: ['iVBORw0KGgo='],
    invalid: [{ why: 'an object (the 7.4 shape)', value: {}, pointer: '' }],
  },
  '8.0/fee-list': {
    valid: [{ fees: [{ type: 'ABSOLUTE', amount: 120.5 }, { type: 'PERCENT', amount: 3 }] }],
    invalid: [
      { why: 'amount a string', value: { fees: [{ type: 'ABSOLUTE', amount: '120.50' }] }, pointer: '/fees/0/amount' },
      { why: 'fees missing', value: { content: [] }, pointer: '/fees' },
    ],
  },
  '8.0/view': {
    valid: [{ id: 'v-3', accessType: 'PRIVATE_ACCESS', creatorId: adaUuid, viewName: 'My view' }],
    invalid: [{ why: 'creatorId missing', value: { id: 'v-3', accessType: 'PUBLIC_ACCESS' }, pointer: '/creatorId' }],
  },
  '8.0/planning-page': {
    valid: [{ content: [{ id: 11 }], offset: 0, limit: 20, pageNumber: 0, numberOfElements: 1, totalElements: 1 }],
    invalid: [{ why: 'totalElements missing', value: { content: [], offset: 0, limit: 20, pageNumber: 0, numberOfElements: 0 }, pointer: '/totalElements' }],
  },
  '8.0/planning-page-summary': {
    valid: [{ totalElements: 1, totalPages: 1, content: [{ id: 'v-3' }] }, { totalElements: 0, totalPages: 0 }],
    invalid: [{ why: 'totalPages missing', value: { totalElements: 0 }, pointer: '/totalPages' }],
  },
  '8.0/ai-tagging-status': {
    valid: [{ currentState: 'RUNNING', processedItems: 2150, totalItems: 2326 }],
    invalid: [
      { why: 'processedItems a string', value: { currentState: 'RUNNING', processedItems: '2150', totalItems: 2326 }, pointer: '/processedItems' },
      { why: 'currentState missing', value: { processedItems: 0, totalItems: 0 }, pointer: '/currentState' },
    ],
  },
  '8.0/ai-tagging-state-request': {
    valid: [{ state: 'RUNNING' }],
    invalid: [{ why: 'currentState instead of state', value: { currentState: 'RUNNING' }, pointer: '/state' }],
  },
  '8.0/ai-tagging-state-response': {
    valid: [{ currentState: 'RUNNING' }],
    invalid: [{ why: 'state instead of currentState', value: { state: 'RUNNING' }, pointer: '/currentState' }],
  },
  '8.0/webhook-create-request': {
    valid: [{ title: 'asset events', url: 'https://hooks.example.com/mp', enabled: true, filters: { vdbUuids: [vdbUuid] } }],
    invalid: [
      { why: 'numeric vdb ids', value: { filters: { vdbUuids: [123] } }, pointer: '/filters/vdbUuids/0' },
      { why: 'vdbUuids not UUIDs', value: { filters: { vdbUuids: ['vdb-1'] } }, pointer: '/filters/vdbUuids/0' },
    ],
  },
  '8.0/media-user': {
    valid: [{ id: 1042, uuid: adaUuid, name: 'Ada Brandt' }],
    invalid: [{ why: 'numeric id only', value: { id: 1042, name: 'Ada Brandt' }, pointer: '/uuid' }],
  },
  '8.0/asset': {
    valid: [{ id: 77416, assetSets: [{ id: 4, name: 'Spring', ownerUuid: adaUuid }], owner: { uuid: adaUuid, name: 'Ada Brandt' } }],
    invalid: [
      { why: 'assetSets missing (the 7.4 shape)', value: { id: 77416 }, pointer: '/assetSets' },
      { why: 'owner by numeric id', value: { assetSets: [], owner: { id: 1042 } }, pointer: '/owner/uuid' },
    ],
  },
  '8.0/themes': {
    valid: [[{ id: 1144, name: { DE: 'test' }, leaf: true, disabled: false, expanded: false }], []],
    invalid: [{ why: 'one tree object (the 7.4 shape)', value: { id: 1, children: [] }, pointer: '' }],
  },
  '8.0/shop-advanced-search-request': {
    valid: [{}, { query: 'flyer', limit: 20 }],
    invalid: [
      { why: 'removed property conflictTypes', value: { conflictTypes: ['NO_CONFLICT'] }, pointer: '/conflictTypes' },
      { why: 'removed property orderData', value: { orderData: false }, pointer: '/orderData' },
      { why: 'removed property orderListId', value: { orderListId: 2 }, pointer: '/orderListId' },
    ],
  },
  '8.0/shop-advanced-search-response': {
    valid: [{}, { items: [{ itemId: 1 }], totalCount: 1 }],
    invalid: [{ why: 'an array (the 7.4 shape)', value: [{ itemId: 1 }], pointer: '' }],
  },
  '8.0/review-object-react': {
    valid: [{ id: 1, title: 'Flyer', approvedWithChangesEnabled: true }],
    invalid: [{ why: 'approvedWithChangesEnabled missing', value: { id: 1, title: 'Flyer' }, pointer: '/approvedWithChangesEnabled' }],
  },
  '8.0/create-review-object': {
    valid: [{ flagCreateJmsComment: false, mediaGUID: 77416, uploaderUuid: adaUuid }],
    invalid: [{ why: 'the 7.4 name', value: { flagCreateJmsCommentfield: true }, pointer: '/flagCreateJmsComment' }],
  },
  '8.0/participant-extended': {
    valid: [{ userUuid: adaUuid, fullName: 'Ada Brandt', extern: false, participantStatus: 'APPROVED_WITH_CHANGES' }],
    invalid: [{ why: 'extern missing', value: { userUuid: adaUuid, fullName: 'Ada Brandt' }, pointer: '/extern' }],
  },
  '8.0/template-renderer-list': {
    valid: [[{ id: 1, name: 'pdf', profile: 'PDF/X-4', resolution: '300dpi', type: 'PDF' }, { id: 2, name: 'jpg' }]],
    invalid: [{ why: 'resolution numeric', value: [{ id: 1, resolution: 300 }], pointer: '/0/resolution' }],
  },
  '8.0/template-box-list': {
    valid: [[{ id: 1, name: 'headline', type: 'TEXT', pageNumber: 1, templateId: 42 }]],
    invalid: [{ why: 'an object', value: { boxes: [] }, pointer: '' }],
  },
  '8.0/template-variable-list': {
    valid: [[{ id: 1, name: 'headline', empty: false, variableType: 'TEXT' }]],
    invalid: [{ why: 'empty a string', value: [{ empty: 'no' }], pointer: '/0/empty' }],
  },
};
