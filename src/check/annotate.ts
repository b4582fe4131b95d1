/**
 * Allure labels for a check: epic = module, feature = change kind (or flow),
 * story = endpoint (or step), the target version as a parameter and the spec
 * section as a link. Every check calls this first.
 */
import * as allure from 'allure-js-commons';

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

/**
 * `specUrl` (SPEC_URL) is where the spec is published: the link goes there, `{section}` replaced by
 * the section number. Without it no link is made (a relative one 404s in the report); the section
 * is always the result's `spec` label.
 */
export async function annotateCheck(labels: CheckLabels, specUrl?: string): Promise<void> {
  await allure.epic(moduleLabel(labels.module));
  await allure.feature(labels.feature);
  await allure.story(labels.story);
  await allure.label('spec', labels.spec);
  if (specUrl !== undefined) await allure.link(specLink(specUrl, labels.spec), `spec ${labels.spec}`, 'spec');
}

/** The module as a reader and `--only` name it (`templateBuilder` → `template-builder`). */
export function moduleLabel(module: string): string {
  return module.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** `https://wiki/platform-api#{section}` and `§4.4` → `https://wiki/platform-api#4.4`; the first section of `§4.4, §9.3`. */
export function specLink(specUrl: string, spec: string): string {
  const section = /§\s*(\d+(?:\.\d+)*)/.exec(spec)?.[1] ?? '';
  return specUrl.includes('{section}') ? specUrl.replace('{section}', encodeURIComponent(section)) : specUrl;
}

/** Text worth a reader's eye that is neither pass nor fail (an observation); already redacted by the caller. */
export async function recordObservation(title: string, text: string): Promise<void> {
  await allure.attachment(`observation: ${title}`, text, 'text/plain');
}
