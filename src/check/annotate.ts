/**
 * Allure labels for a check: epic = module, feature = change kind (or flow),
 * story = endpoint (or step), the target version as a parameter and the spec
 * section as a link. Every check calls this first.
 */
import * as allure from 'allure-js-commons';

export const SPEC_DOCUMENT = 'platform-api-7.4-to-8.0.md';

export interface CheckLabels {
  /** `auth` or a platform module. */
  readonly module: string;
  /** Change kind (added, removed, …) or the auth flow the check belongs to. */
  readonly feature: string;
  /** The endpoint (`GET /rest/mp/v1.1/ai-tagging`) or the step of a flow. */
  readonly story: string;
  /** Spec section, e.g. `§4.4` or `§5.8`. */
  readonly spec: string;
}

export async function annotateCheck(labels: CheckLabels): Promise<void> {
  await allure.epic(labels.module);
  await allure.feature(labels.feature);
  await allure.story(labels.story);
  await allure.link(`${SPEC_DOCUMENT}#${encodeURIComponent(labels.spec)}`, `spec ${labels.spec}`, 'spec');
}

/** Text worth a reader's eye that is neither pass nor fail (an observation); already redacted by the caller. */
export async function recordObservation(title: string, text: string): Promise<void> {
  await allure.attachment(`observation: ${title}`, text, 'text/plain');
}
