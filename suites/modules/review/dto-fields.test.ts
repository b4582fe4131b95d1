/**
 * Spec §2, the review DTO rows: in 8.0 the react record
 * (ReviewObjectReactUIDto) requires `approvedWithChangesEnabled`, the
 * extended participant (ParticipantExtendedDto) requires `extern`, and the
 * participant approval (ReviewParticipantApproval) keeps its enumerated
 * values. One check per DTO change of the catalog (src/catalog/fields.ts),
 * each validating every instance the review's bodies carry against the
 * catalog's schema for the version. The renamed request flag is checked by
 * sending it (create-review-object-flag.test.ts).
 */
import { expect } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { declaredFaults } from '../../../src/catalog/faults.ts';
import type { FieldChange } from '../../../src/catalog/fields.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { formatIssue, validateBody } from '../../../src/schemas/validator.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { dtoLabels, extendedParticipants, isRecord, iterationsPath, okBody, reactUiPath, requireReviewId, reviewFieldChanges, type Found } from './_review.ts';

/** Where a DTO travels: the endpoint, and the instances in its body; `undefined` when the endpoint is not served. */
interface DtoSource {
  readonly endpoint: string;
  readonly read: (api: PlatformApi, reviewId: string) => Promise<Found[] | undefined>;
}

const sources: Readonly<Record<string, DtoSource>> = {
  'review.review-object-react.approved-with-changes-enabled': {
    endpoint: `GET ${reactUiPath}`,
    async read(api, id) {
      const response = await api.call({ method: 'GET', path: reactUiPath, pathParams: { id } });
      // The vendor documents ReviewObjectReactUIDto on no endpoint: a platform without this path has nothing to check here.
      if (response.status === 404 || response.status === 405) return undefined;
      return [{ pointer: '', value: okBody(response, `GET ${reactUiPath}`) }];
    },
  },
  'review.participant-extended.extern': {
    endpoint: `GET ${iterationsPath}`,
    read: extendedParticipants,
  },
  'review.participant-approval': {
    endpoint: `GET ${iterationsPath}`,
    // Participants who have decided carry their approval as participantStatus.
    read: async (api, id) =>
      (await extendedParticipants(api, id)).flatMap((participant) =>
        isRecord(participant.value) && participant.value['participantStatus'] !== undefined
          ? [{ pointer: `${participant.pointer}/participantStatus`, value: participant.value['participantStatus'] }]
          : [],
      ),
  },
};

/** Whether the spec states the DTO change for the version: a required field where it is required, enumerated values wherever they have a schema. */
function statedFor(change: FieldChange, version: PlatformVersion): boolean {
  if (change.kind === 'restructured') return change.schemas[version] !== undefined;
  return change.kind === 'now-required' && change.required[version] === true;
}

function title(change: FieldChange): string {
  return change.kind === 'restructured' ? `${change.dto} takes only its documented values` : `${change.dto} carries the required ${change.field}`;
}

for (const change of reviewFieldChanges) {
  const source = sources[change.id];
  if (!source) continue;
  const faults = declaredFaults(`field change ${change.id}`, change.faults);
  check({ id: change.id, title: title(change), labels: dtoLabels(change, source.endpoint), concurrent: true, ...faults }, async (test) => {
    const context = await suiteContext();
    const version = context.target.version;
    const schemaId = change.schemas[version];
    if (!statedFor(change, version) || !schemaId) {
      return skipWithReason(test, `not applicable: the spec states ${change.dto}.${change.field} for 8.0 only (${change.specSection})`);
    }
    const reviewId = await requireReviewId(test, context);
    const found = await source.read(context.api, reviewId);
    if (found === undefined) return skipWithReason(test, `${source.endpoint} is not served on this platform: the vendor documents ${change.dto} on no endpoint`);
    if (found.length === 0) return skipWithReason(test, `review ${reviewId} carries no ${change.dto} (${source.endpoint})`);
    await observe(test, `${found.length} × ${change.dto} in review ${reviewId} against ${schemaId}`);
    const issues = found.flatMap(({ pointer, value }) => {
      const result = validateBody(schemaId, value);
      return result.ok ? [] : result.errors.map((issue) => formatIssue({ ...issue, pointer: `${pointer}${issue.pointer}` }));
    });
    expect(issues, `${change.dto} in ${source.endpoint} against ${schemaId}`).toEqual([]);
  });
}
