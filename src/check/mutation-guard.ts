/**
 * Read-only by default (DESIGN.md "Rules"): against a real target a check
 * that would send POST, PUT, PATCH or DELETE to a module is skipped, with
 * that reason, unless ALLOW_MUTATIONS=true. The embedded platform is ours.
 *
 * A step whose change the API cannot undo (no delete for what it creates, no
 * way to put back what it replaces) needs ALLOW_IRREVERSIBLE=true as well:
 * ALLOW_MUTATIONS alone promises that the run leaves the data as it found it.
 */
import type { TestContext } from 'vitest';
import type { TargetInfo } from '../run-targets/target-info.ts';
import { skipWithReason } from './skip.ts';

export async function requireMutationsAllowed(test: TestContext, target: TargetInfo, what: string): Promise<void> {
  if (target.embedded || target.allowMutations) {
    // A check RUN_TIMEOUT_S cuts off after this may have left data behind (src/check/check.ts `skipCutOff`).
    test.task.meta.changesData = true;
    return;
  }
  await skipWithReason(test, `${what} would change data on ${target.baseUrl}; set ALLOW_MUTATIONS=true to run it (it changes only what it creates, and removes or restores that)`);
}

/**
 * The guard of a step that cannot be undone: `why` says what stays changed; it runs only with both opt-ins on a real
 * target, and its reason names every opt-in still missing, so one run tells the user all they need to set.
 */
export async function requireIrreversibleAllowed(test: TestContext, target: TargetInfo, what: string, why: string): Promise<void> {
  if (target.embedded || (target.allowMutations && target.allowIrreversible === true)) {
    test.task.meta.changesData = true;
    return;
  }
  if (target.allowMutations) {
    await skipWithReason(test, `${what} cannot be undone on ${target.baseUrl} (${why}); set ALLOW_IRREVERSIBLE=true as well to run it`);
    return;
  }
  const needs = target.allowIrreversible === true ? 'ALLOW_MUTATIONS=true' : 'ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true';
  await skipWithReason(test, `${what} would change data on ${target.baseUrl} that cannot be undone (${why}); set ${needs} to run it`);
}
