/**
 * Spec §4.4: GET /rest/mp/v1.0/asset-attributes takes `useLanguageNamesResult`
 * in 8.0 (language-specific results). The vendor documents its values:
 * `true` (the default) keys the attributes' texts by language name,
 * `false` by language tag. So the two answers key the texts differently,
 * and `false` keys them by tags.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, mediaEntry, member, records, requireChange } from './_media.ts';

const attributes = mediaEntry('media.asset-attributes');
const parameter = 'useLanguageNamesResult';

/** A BCP 47 language tag as the platform writes them (`en-US`, `de`, `DE`). */
const languageTag = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/** The language keys of every attribute's `name`, sorted, in listing order. */
async function nameKeys(context: SuiteContext, useLanguageNames: boolean): Promise<string[][]> {
  const response = await context.api.call({ method: attributes.method, path: attributes.path, query: { [parameter]: useLanguageNames } });
  expect(response.status, `GET ${attributes.path}?${parameter}=${String(useLanguageNames)}`).toBe(200);
  return records(member(response.json(), 'assetAttributes')).map((attribute) => {
    const name = attribute['name'];
    return isRecord(name) ? Object.keys(name).sort() : [];
  });
}

check(
  {
    id: 'media.asset-attributes.language-tags',
    title: `GET …/asset-attributes?${parameter}=false keys the texts by language tag, unlike ${parameter}=true`,
    labels: entryLabels(attributes, 'changed'),
    killedBy: ['media-asset-attributes-unfiltered-error', 'media-attribute-language-names-ignored'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, attributes, `the ${parameter} parameter`);
    const context = await suiteContext();
    const [byName, byTag] = await Promise.all([nameKeys(context, true), nameKeys(context, false)]);
    const tags = byTag.flat();
    await observe(test, `names: ${[...new Set(byName.flat())].join(', ')}; tags: ${[...new Set(tags)].join(', ')}`);
    if (tags.length === 0) await skipWithReason(test, 'no asset attribute has a localized name on this target');
    expect(tags.filter((key) => !languageTag.test(key)), `keys that are no language tag with ${parameter}=false`).toEqual([]);
    expect(byName, `texts keyed the same with ${parameter}=true and false`).not.toEqual(byTag);
  },
);
