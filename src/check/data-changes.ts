/**
 * The run's ledger of data changes: every request of a check that changed
 * data on the target (what, where, and whether it was undone), kept on the
 * check's meta for the summary, the migration report and Allure. A run with
 * ALLOW_MUTATIONS=true changes only what it creates and removes or restores
 * it (src/check/mutation-guard.ts); the ledger is how a reader sees that it did.
 */
import * as allure from 'allure-js-commons';
import type { TestContext } from 'vitest';

/**
 * - removed:   the run created it and deleted it again;
 * - restored:  the run changed it and put the values read before back;
 * - unchanged: the call was made so that nothing changes (an empty selection, the same values);
 * - not undone: it stays changed (an irreversible step, or an undo that failed; `detail` says which).
 */
export const undoOutcomes = ['removed', 'restored', 'unchanged', 'not undone'] as const;
export type UndoOutcome = (typeof undoOutcomes)[number];

export interface DataChange {
  /** The request that changed data: method and path as sent (`PUT /maps/rest/api/v1.0/group/17`). */
  readonly request: string;
  /** What it changed (`scratch group 17, created by the check`, `memberships of user 1042`). */
  readonly target: string;
  readonly undone: UndoOutcome;
  /** How it was undone, or why not. */
  readonly detail: string;
}

/** Adds a change to the check's ledger. */
export function recordDataChange(test: TestContext, change: DataChange): void {
  test.task.meta.dataChanges = [...(test.task.meta.dataChanges ?? []), change];
}

/** `PUT /maps/rest/api/v1.0/group/17` from a request's method and the URL it went to. */
export function requestLine(method: string, url: string): string {
  return `${method} ${new URL(url).pathname}`;
}

export function describeDataChange(change: DataChange): string {
  return `${change.request} on ${change.target}: ${change.undone}${change.detail ? ` (${change.detail})` : ''}`;
}

/** The check's ledger as an Allure attachment, when it has one. */
export async function attachDataChanges(test: TestContext): Promise<void> {
  const changes = test.task.meta.dataChanges ?? [];
  if (changes.length === 0) return;
  await allure.attachment('Data changes', `${changes.map(describeDataChange).join('\n')}\n`, 'text/plain');
}

declare module 'vitest' {
  export interface TaskMeta {
    /** The data changes the check made on the target, and whether each was undone (src/check/data-changes.ts). */
    dataChanges?: readonly DataChange[];
  }
}
