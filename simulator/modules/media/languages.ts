/**
 * Localized texts: stored per language tag, answered keyed by language name
 * or by tag. 8.0 adds `useLanguageNamesResult` (default true, names) to the
 * attribute and theme listings (spec §4.4); 7.4 always answered names.
 */
import { mediaLanguages, type LocalizedText } from '../../fixtures/media.ts';

export function localize(text: LocalizedText, useLanguageNames: boolean): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [tag, value] of Object.entries(text)) {
    const key = useLanguageNames ? (mediaLanguages.find((language) => language.tag === tag)?.name ?? tag) : tag;
    result[key] = value;
  }
  return result;
}
