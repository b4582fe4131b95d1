/**
 * What the review checks share (spec §2, §4.5, §5.12): the general-info
 * entry and its labels, the review DTO changes of the catalog, JSON guards,
 * and the review bodies the DTOs travel in, read for the discovered review.
 */
import type { TestContext } from 'vitest';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { fieldChanges, type FieldChange, type FieldChangeId } from '../../../src/catalog/fields.ts';
import { entryById, type CatalogEntry } from '../../../src/catalog/index.ts';
import type { CheckLabels } from '../../../src/check/annotate.ts';
import { okBody } from '../../../src/check/failure.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { SuiteContext } from '../../../src/run-targets/context.ts';
import { isRecord, type JsonRecord } from '../../../src/http/json.ts';
export { isRecord, type JsonRecord };

export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export const generalInfoEntry: CatalogEntry = entryById('review.general-info');

export function generalInfoLabels(spec: string): CheckLabels {
  return { module: 'review', feature: generalInfoEntry.change, story: `${generalInfoEntry.method} ${generalInfoEntry.path}`, spec };
}

/** A DTO change of the review module; its id is the id of the check generated from it. */
export type ReviewFieldChange = FieldChange & { readonly id: `review.${string}` };

function isReviewFieldChange(change: FieldChange): change is ReviewFieldChange {
  return change.module === 'review' && change.id.startsWith('review.');
}

/** The review module's DTO changes of spec §2, from the catalog. */
export const reviewFieldChanges: readonly ReviewFieldChange[] = fieldChanges.filter(isReviewFieldChange);

export function fieldChange(id: FieldChangeId): ReviewFieldChange {
  const change = reviewFieldChanges.find((candidate) => candidate.id === id);
  if (!change) throw new Error(`the catalog has no field change ${id}`);
  return change;
}

export function dtoLabels(change: FieldChange, story: string): CheckLabels {
  return { module: 'review', feature: change.kind, story, spec: change.specSection };
}

export const reviewPath = '/rm/rest/v1.0/reviews/{id}';
export const iterationsPath = '/rm/rest/v1.0/reviews/{id}/iterations';
/** The review screen's record (ReviewObjectReactUIDto). The vendor documents the DTO on no endpoint; the embedded platform serves it here. */
export const reactUiPath = '/rm/rest/v1.0/reviews/{id}/react-ui';
export const createReviewObjectPath = '/rm/rest/v1.0/reviews/_create-review-object';

/** The discovered review's id, or a skip naming why there is none. */
export async function requireReviewId(test: TestContext, context: SuiteContext): Promise<string> {
  const lookup = await context.fixtures.lookup('reviewId');
  return 'value' in lookup ? lookup.value : skipWithReason(test, lookup.missing);
}

// A module's answer read as its body: one helper for every suite (src/check/failure.ts).
export { okBody };

/** GET of a review resource by the review's id. */
export async function reviewResource(api: PlatformApi, path: string, id: string): Promise<unknown> {
  return okBody(await api.call({ method: 'GET', path, pathParams: { id } }), `GET ${path}`);
}

/** One DTO found in a body: where (a JSON pointer) and what. */
export interface Found {
  readonly pointer: string;
  readonly value: unknown;
}

/** The ParticipantExtendedDto of every iteration of the review (vendor ReviewIterationExtendedDto.participants). */
export async function extendedParticipants(api: PlatformApi, id: string): Promise<Found[]> {
  return records(await reviewResource(api, iterationsPath, id)).flatMap((iteration, index) =>
    records(iteration['participants']).map((participant, position) => ({ pointer: `/${index}/participants/${position}`, value: participant })),
  );
}
