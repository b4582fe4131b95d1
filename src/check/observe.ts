/**
 * What the target did, in a few words, kept on the check for the migration
 * report ("what 7.4 did, what 8.0 did") and shown in Allure. Never secrets.
 */
import * as allure from 'allure-js-commons';
import type { TestContext } from 'vitest';

export async function observe(test: TestContext, what: string): Promise<void> {
  test.task.meta.observed = what;
  // Excluded from Allure's history id: what a target did changes from run to run, the check does not (the trend needs one id).
  await allure.parameter('observed', what, { excluded: true });
}
