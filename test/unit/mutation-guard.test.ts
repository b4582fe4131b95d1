/**
 * Read-only by default (src/check/mutation-guard.ts): against a real target a check that changes data is skipped
 * unless ALLOW_MUTATIONS=true, and one whose change cannot be undone unless ALLOW_IRREVERSIBLE=true as well. The
 * reason names every opt-in still missing, so one read-only run tells the user all they need to set.
 */
import { MessageTestRuntime, getGlobalTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import type { TestContext } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireIrreversibleAllowed, requireMutationsAllowed } from '../../src/check/mutation-guard.ts';
import type { TargetInfo } from '../../src/run-targets/target-info.ts';

// The guard records its skip in Allure too; here the messages go nowhere, and the worker's runtime is put back after.
class DiscardingRuntime extends MessageTestRuntime {
  async sendMessage(): Promise<void> {}
}
const earlierRuntime = getGlobalTestRuntime();
beforeAll(() => setGlobalTestRuntime(new DiscardingRuntime()));
afterAll(() => setGlobalTestRuntime(earlierRuntime));

/** The reason the guard skipped with, or undefined when it let the check run. */
async function skipReasonOf(guard: (context: TestContext) => Promise<void>): Promise<string | undefined> {
  let reason: string | undefined;
  const context = {
    task: { meta: {} },
    skip: (note: string) => {
      reason = note;
      throw new Error('skipped');
    },
  } as unknown as TestContext;
  await guard(context).catch(() => undefined);
  return reason;
}

const real = (allowMutations: boolean, allowIrreversible: boolean): TargetInfo => ({ embedded: false, allowMutations, allowIrreversible, baseUrl: 'https://staging.example.com' }) as unknown as TargetInfo;
const irreversible = (target: TargetInfo) => (context: TestContext) => requireIrreversibleAllowed(context, target, 'POST /reset', 'the counters cannot be put back');

describe('the data-change guard of a check', () => {
  it('names both opt-ins at once when a read-only run meets a change that cannot be undone', async () => {
    expect(await skipReasonOf(irreversible(real(false, false)))).toBe(
      'POST /reset would change data on https://staging.example.com that cannot be undone (the counters cannot be put back); set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true to run it',
    );
  });

  it('names only the opt-in still missing', async () => {
    expect(await skipReasonOf(irreversible(real(false, true)))).toBe(
      'POST /reset would change data on https://staging.example.com that cannot be undone (the counters cannot be put back); set ALLOW_MUTATIONS=true to run it',
    );
    expect(await skipReasonOf(irreversible(real(true, false)))).toBe(
      'POST /reset cannot be undone on https://staging.example.com (the counters cannot be put back); set ALLOW_IRREVERSIBLE=true as well to run it',
    );
    expect(await skipReasonOf((context) => requireMutationsAllowed(context, real(false, false), 'POST /webhooks'))).toMatch(/^POST \/webhooks would change data on https:\/\/staging\.example\.com; set ALLOW_MUTATIONS=true to run it/);
  });

  it('lets the check run with both, and on the embedded platform', async () => {
    expect(await skipReasonOf(irreversible(real(true, true)))).toBeUndefined();
    expect(await skipReasonOf(irreversible({ embedded: true, allowMutations: false } as unknown as TargetInfo))).toBeUndefined();
  });
});
