/**
 * Read-only by default (DESIGN.md "Rules"): against a real target a check
 * that would send POST, PUT, PATCH or DELETE to a module is skipped, with
 * that reason, unless ALLOW_MUTATIONS=true. The embedded platform is ours.
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
  await skipWithReason(test, `${what} would change data on ${target.baseUrl}; set ALLOW_MUTATIONS=true to run it (it cleans up after itself)`);
}
