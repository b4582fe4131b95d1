/**
 * DTO changes of spec §2 that are not tied to one endpoint row: the suites
 * check them against the schemas named here. Endpoint-bound field changes
 * (new query parameters, the shop's removed request properties) live on the
 * endpoint entries instead.
 */
import type { SchemaId } from '../schemas/ids.ts';
import type { FaultDeclarations } from './faults.ts';
import type { CatalogModule, PerVersion } from './types.ts';

export const fieldChangeKinds = ['now-required', 'renamed', 'restructured', 'identifier-to-uuid'] as const;
export type FieldChangeKind = (typeof fieldChangeKinds)[number];

export interface FieldChange<Id extends string = FieldChangeId> {
  /** `<module>.<dto>.<field>` (`common.…` for a change that spans modules); typed, so a mistyped id does not compile. */
  readonly id: Id;
  readonly module: CatalogModule;
  /** The vendor's DTO name. */
  readonly dto: string;
  readonly kind: FieldChangeKind;
  /** The field as 8.0 names it; `(values)` when the DTO is an enumeration. */
  readonly field: string;
  /** The 7.4 name, for renames. */
  readonly previousName?: string;
  /** The field that takes over, for deprecations. */
  readonly replacedBy?: string;
  /** Whether the field (for renames: its name in that version) is required; empty where not shown. */
  readonly required: PerVersion<boolean>;
  /** Schemas holding the field, per version. */
  readonly schemas: PerVersion<SchemaId>;
  readonly specSection: '§2';
  readonly notes?: string;
  /**
   * The faults that kill the check generated from the row (its id is the
   * row's: suites/modules/review/dto-fields.test.ts, create-review-object-flag.test.ts);
   * absent where the suites generate none from it.
   */
  readonly faults?: FaultDeclarations;
}

function defineFieldChanges<const Id extends string>(changes: readonly FieldChange<Id>[]): readonly FieldChange<Id>[] {
  return changes;
}

export const fieldChanges = defineFieldChanges([
  {
    id: 'review.review-object-react.approved-with-changes-enabled',
    module: 'review',
    dto: 'ReviewObjectReactUIDto',
    kind: 'now-required',
    field: 'approvedWithChangesEnabled',
    required: { '7.4': false, '8.0': true },
    schemas: { '7.4': '7.4/review-object-react', '8.0': '8.0/review-object-react' },
    specSection: '§2',
    faults: { killedBy: ['review-react-approved-with-changes-missing'] },
  },
  {
    id: 'review.create-review-object.flag-create-jms-comment',
    module: 'review',
    dto: 'CreateReviewObjectDto',
    kind: 'renamed',
    field: 'flagCreateJmsComment',
    previousName: 'flagCreateJmsCommentfield',
    required: { '7.4': true, '8.0': true },
    schemas: { '7.4': '7.4/create-review-object', '8.0': '8.0/create-review-object' },
    specSection: '§2',
    faults: { killedBy: ['review-create-old-flag-name', 'review-create-new-flag-name-early'] },
  },
  {
    id: 'review.participant-extended.extern',
    module: 'review',
    dto: 'ParticipantExtendedDto',
    kind: 'now-required',
    field: 'extern',
    required: { '7.4': false, '8.0': true },
    schemas: { '7.4': '7.4/participant-extended', '8.0': '8.0/participant-extended' },
    specSection: '§2',
    // A participantStatus outside the approval values breaks the extended participant's schema too.
    faults: { killedBy: ['review-participant-extern-missing', 'review-participant-approval-pending-value'] },
  },
  {
    id: 'review.participant-approval',
    module: 'review',
    dto: 'ReviewParticipantApproval',
    kind: 'restructured',
    field: '(values)',
    required: {},
    schemas: { '7.4': 'common/review-participant-approval', '8.0': 'common/review-participant-approval' },
    specSection: '§2',
    notes: 'restructured in 8.0, values not shown; the vendor lists the same three values in 7.5 and 8.0, so no version difference is asserted',
    faults: { killedBy: ['review-participant-approval-pending-value'] },
  },
  {
    id: 'common.identifier-pair',
    module: 'media',
    dto: 'identifier pair (several endpoints)',
    kind: 'identifier-to-uuid',
    field: 'id',
    replacedBy: 'uuid',
    required: { '7.4': true, '8.0': false },
    schemas: { '7.4': '7.4/identifier-pair', '8.0': '8.0/identifier-pair' },
    specSection: '§2',
    notes: 'id (integer) deprecated, uuid the primary identifier (spec §4.4 closing note, §9.3)',
  },
  {
    id: 'job.user-dto.uuid',
    module: 'job',
    dto: 'UserDto',
    kind: 'identifier-to-uuid',
    field: 'id',
    replacedBy: 'uuid',
    required: { '7.4': true, '8.0': false },
    schemas: { '7.4': '7.4/user', '8.0': '8.0/user' },
    specSection: '§2',
  },
  {
    id: 'job.assignment-dto.assignees',
    module: 'job',
    dto: 'AssignmentDto',
    kind: 'identifier-to-uuid',
    field: 'assignees[].id',
    replacedBy: 'assignees[].uuid',
    required: { '7.4': true, '8.0': false },
    schemas: { '7.4': '7.4/assignment', '8.0': '8.0/assignment' },
    specSection: '§2',
  },
  {
    id: 'job.dse-user-group-dto.uuid',
    module: 'job',
    dto: 'DseUserGroupDto',
    kind: 'identifier-to-uuid',
    field: 'id',
    replacedBy: 'uuid',
    required: { '7.4': true, '8.0': false },
    schemas: { '7.4': '7.4/dse-user-group', '8.0': '8.0/dse-user-group' },
    specSection: '§2',
  },
]);

export type FieldChangeId = (typeof fieldChanges)[number]['id'];

export function fieldChangeById(id: FieldChangeId): FieldChange {
  const change = fieldChanges.find((candidate) => candidate.id === id);
  if (!change) throw new Error(`no field change ${id}`);
  return change;
}
