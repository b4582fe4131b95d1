/**
 * Skips carry their reason into the report: the console (vitest's skip
 * note), the Allure result (a skipped step and the description) and the
 * verify summary. Nothing passes because a fixture or capability is missing.
 */
import * as allure from 'allure-js-commons';
import type { TestContext } from 'vitest';

export async function skipWithReason(context: TestContext, reason: string): Promise<never> {
  await allure.description(`Skipped: ${reason}`);
  // allurerc.mjs files it under "Observation" rather than among the plain skips.
  if (reason.startsWith('observation:')) await allure.label('verdict', 'observation');
  await allure.logStep(`skipped: ${reason}`, allure.Status.SKIPPED);
  context.skip(reason);
  // context.skip throws; this line is never reached.
  throw new Error('unreachable');
}
