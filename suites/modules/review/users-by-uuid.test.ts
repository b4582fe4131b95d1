/**
 * Spec §2 ("Identifier pair", "User record"), §9.3: in 8.0 the review
 * bodies name their users by UUID. In the review's iterations
 * (ReviewIterationExtendedDto) every extended participant carries
 * `userUuid`, and the uploader and each approval's participant `uuid`,
 * each a UUID; a legacy integer id, where present, is an integer.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { isRecord, iterationsPath, records, requireReviewId, reviewResource } from './_review.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user reference: where, the object, and the names of its UUID and legacy id fields. */
interface UserAt {
  readonly pointer: string;
  readonly value: unknown;
  readonly uuidField: string;
  readonly idField: string;
}

function usersOfIteration(iteration: Readonly<Record<string, unknown>>, pointer: string): UserAt[] {
  return [
    ...records(iteration['participants']).map((value, index) => ({ pointer: `${pointer}/participants/${index}`, value, uuidField: 'userUuid', idField: 'userId' })),
    ...(iteration['uploader'] ? [{ pointer: `${pointer}/uploader`, value: iteration['uploader'], uuidField: 'uuid', idField: 'id' }] : []),
    ...records(iteration['approvals']).map((approval, index) => ({ pointer: `${pointer}/approvals/${index}/participant`, value: approval['participant'], uuidField: 'uuid', idField: 'id' })),
  ];
}

function problems({ pointer, value, uuidField, idField }: UserAt): string[] {
  if (!isRecord(value)) return [`${pointer}: expected a user object, got ${JSON.stringify(value)}`];
  const found: string[] = [];
  const uuid = value[uuidField];
  if (typeof uuid !== 'string' || !uuidPattern.test(uuid)) found.push(`${pointer}/${uuidField}: expected a UUID, got ${JSON.stringify(uuid)}`);
  const id = value[idField];
  if (id !== undefined && id !== null && !Number.isInteger(id)) found.push(`${pointer}/${idField}: expected an integer (legacy id), got ${JSON.stringify(id)}`);
  return found;
}

check(
  {
    id: 'review.users-by-uuid',
    title: 'the review iterations name participants, uploaders and approvers by UUID (8.0)',
    labels: { module: 'review', feature: 'identifier-to-uuid', story: `GET ${iterationsPath}`, spec: '§9.3' },
    killedBy: ['review-participant-uuid-missing'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    if (context.profile.userIdentifier !== 'uuid') {
      return skipWithReason(test, `not applicable: ${context.target.version} identifies users by numeric id (spec §9.3)`);
    }
    const id = await requireReviewId(test, context);
    const users = records(await reviewResource(context.api, iterationsPath, id)).flatMap((iteration, index) => usersOfIteration(iteration, `/${index}`));
    await observe(test, `${users.length} user references in the iterations of review ${id}`);
    expect(users.length, `user references in the iterations of review ${id}`).toBeGreaterThan(0);
    expect(users.flatMap(problems)).toEqual([]);
  },
);
