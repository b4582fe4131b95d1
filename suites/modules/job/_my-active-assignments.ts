/**
 * What `job.my-active.user-identifiers` can check on one my-active page
 * (spec §2 "Dashboard item, my-active list", §4.2, §9.3): the user DTOs its
 * items' assignments name, or why there is nothing to check, or the field the
 * items lack. The data decides only whether there is something to check; a
 * missing field the version guarantees is the target's, and the failure names it.
 */
import type { VersionProfile } from '../../../src/profile/versions.ts';
import { isRecord, records } from './_job.ts';
import { userDtosOf, usersNamed, type DtoAt } from './_user-identifiers.ts';

export type AssignmentSubjects =
  | { readonly kind: 'check'; readonly found: readonly DtoAt[]; readonly items: number }
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'fail'; readonly problem: string };

/** The subjects of the identifier check in the body of `GET {path}` on a target of `profile`'s version. */
export function myActiveAssignmentSubjects(body: unknown, profile: VersionProfile, path: string): AssignmentSubjects {
  const where = `GET ${path}`;
  const listed = isRecord(body) ? body['items'] : undefined;
  if (!Array.isArray(listed)) return { kind: 'fail', problem: `${where} answered without an items array (spec §2 "Dashboard item, my-active list"); got ${describe(body)}` };
  const items = records(listed);
  if (items.length === 0) {
    return { kind: 'skip', reason: `not checked: ${where} lists no active job of the user (items is empty), so no assignee to identify; assign the full user (LOGIN_USERNAME) to an active job` };
  }
  const withoutAssignment = items.flatMap((item, index) => (isRecord(item['assignment']) ? [] : [index]));
  if (withoutAssignment.length > 0 && profile.myActiveAssignment === 'required') {
    return {
      kind: 'fail',
      problem: `${withoutAssignment.length} of ${items.length} items of ${where} carry no assignment object (first: /items/${withoutAssignment[0]}); ${profile.version} items have an assignment whose assignees carry uuid and fullName (spec §2 "Dashboard item, my-active list", §4.2)`,
    };
  }
  const found = items.flatMap((item, index) => userDtosOf(item, `/items/${index}`));
  if (usersNamed(found) === 0) {
    const why = withoutAssignment.length === items.length ? `no item carries an assignment (optional in ${profile.version}: spec §2 gives it for 8.0)` : 'their assignments name no user';
    return { kind: 'skip', reason: `not checked: ${where} lists ${items.length} active jobs, but ${why}` };
  }
  return { kind: 'check', found, items: items.length };
}

function describe(body: unknown): string {
  if (Array.isArray(body)) return `an array of ${body.length}`;
  if (isRecord(body)) return `an object with ${Object.keys(body).join(', ') || 'no members'}`;
  return `${body === null ? 'null' : `a JSON ${typeof body}`}`;
}
