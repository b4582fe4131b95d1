/**
 * Spec §2 "Review object creation request (CreateReviewObjectDto)": the
 * required flag `flagCreateJmsCommentfield` of 7.4 is named
 * `flagCreateJmsComment` in 8.0. The check creates a review of the
 * discovered review's asset with the version's name of the flag and a
 * participant named the way the version identifies users (§9.3: 8.0 `uuid`,
 * 7.4 `id`), and finds that participant in the new review.
 *
 * Reviews cannot be deleted through the API (the vendor documents no
 * delete), so on a real target the created review stays: the check runs
 * only with ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true, and reports
 * the id it created in the run's list of data changes.
 */
import { expect } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { declaredFaults } from '../../../src/catalog/faults.ts';
import type { FieldChange } from '../../../src/catalog/fields.ts';
import { check } from '../../../src/check/check.ts';
import { requireIrreversibleAllowed } from '../../../src/check/mutation-guard.ts';
import { recordDataChange, requestLine } from '../../../src/check/data-changes.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { formatValidationErrors, validateBody, type SchemaId } from '../../../src/schemas/validator.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import {
  createReviewObjectPath,
  dtoLabels,
  extendedParticipants,
  fieldChange,
  isRecord,
  iterationsPath,
  okBody,
  records,
  requireReviewId,
  reviewPath,
  reviewResource,
  type JsonRecord,
} from './_review.ts';

const change = fieldChange('review.create-review-object.flag-create-jms-comment');

/** The participants of a review object (vendor ParticipantDto: role, userId, and in 8.0 userUuid). */
async function reviewParticipants(api: PlatformApi, id: string): Promise<JsonRecord[]> {
  const review = await reviewResource(api, reviewPath, id);
  return records(isRecord(review) ? review['participants'] : undefined);
}

/**
 * The flag's name in the version: of the two names the catalog knows, the
 * one the version's request schema (CreateReviewObjectDto) requires.
 */
function flagName(renamed: FieldChange, schemaId: SchemaId): string | undefined {
  return [renamed.field, renamed.previousName].find((name) => name !== undefined && validateBody(schemaId, { [name]: false }).ok);
}

check(
  {
    id: change.id,
    title: 'review object creation takes the version’s name of the required comment flag (7.4 flagCreateJmsCommentfield, 8.0 flagCreateJmsComment)',
    labels: dtoLabels(change, `POST ${createReviewObjectPath}`),
    ...declaredFaults(`field change ${change.id}`, change.faults),
  },
  async (test) => {
    const context = await suiteContext();
    const { api, target, profile } = context;
    const schemaId = change.schemas[target.version];
    const flag = schemaId && flagName(change, schemaId);
    if (!schemaId || !flag) return skipWithReason(test, `the catalog names no ${change.dto} schema for ${target.version} that requires ${change.field} or ${change.previousName ?? ''}`);
    await requireIrreversibleAllowed(test, target, `POST ${createReviewObjectPath}`, 'it creates a review, which the API cannot delete');
    const reviewId = await requireReviewId(test, context);

    const latest = records(await reviewResource(api, iterationsPath, reviewId)).at(-1);
    const mediaGUID = latest?.['mediaGUID'];
    // The review's participants (ParticipantDto: role, userId, 8.0 userUuid) other than its owner; external reviewers are no platform users.
    const idField = profile.userIdentifier === 'uuid' ? 'userUuid' : 'userId';
    const externIds = (await extendedParticipants(api, reviewId)).flatMap(({ value }) => (isRecord(value) && value['extern'] === true ? [value['userId']] : []));
    const named = (await reviewParticipants(api, reviewId)).find((participant) => participant['role'] !== 'OWNER' && !externIds.includes(participant['userId']));
    const participantId = named?.[idField];
    if (typeof mediaGUID !== 'number' || participantId === undefined) {
      return skipWithReason(test, `review ${reviewId} names no asset or no platform participant besides its owner to create a review with`);
    }

    const participantRef = profile.userIdentifier === 'uuid' ? { uuid: participantId, participantRole: 'REVIEWER' } : { id: participantId, participantRole: 'REVIEWER' };
    // No job comment: the flag is required, its value is ours to choose.
    const request = { [flag]: false, mediaGUID, briefing: 'upgrade-guard: review creation check', participants: [participantRef] };
    const documented = validateBody(schemaId, request);
    expect(documented.ok ? '' : formatValidationErrors(documented.errors), `request against ${schemaId}`).toBe('');

    const response = await api.call({ method: 'POST', path: createReviewObjectPath, json: request });
    const created = response.status < 300 && isRecord(response.json()) ? response.json() : undefined;
    const createdId = isRecord(created) ? created['id'] : undefined;
    if (response.status < 300) {
      const what = createdId === undefined ? 'a review' : `review ${String(createdId)}, created by the check`;
      recordDataChange(test, { request: requestLine('POST', response.url), target: what, undone: 'not undone', detail: 'the API has no delete for reviews' });
    }
    await observe(test, `HTTP ${response.status}${createdId === undefined ? '' : `; created review ${String(createdId)}, which stays (no delete in the API)`}`);
    okBody(response, `POST ${createReviewObjectPath} with ${flag}`);
    expect(typeof createdId, 'id of the created review').toBe('number');

    const ids = (await reviewParticipants(api, String(createdId))).map((participant) => participant[idField]);
    expect(ids, `${idField} of the participants of the created review`).toContain(participantId);
  },
);
