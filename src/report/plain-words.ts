/**
 * The reports' cells in words a lead understands, not the checks' own
 * shorthand: `absent-before-8.0: 404` reads `probed before 8.0: HTTP 404`,
 * `200 (8.0/asset)` reads `HTTP 200, body checked against the 8.0 “Asset”
 * schema`. The checks keep recording the shorthand (Allure shows it as a
 * parameter); only what people read is said in words.
 */
import type { CatalogEntry, LifecycleAspect } from '../catalog/index.ts';
import type { CheckResult } from '../runner/results.ts';
import { hasSchema } from '../schemas/validator.ts';
import { schemaIdsInWords, schemaInWords } from '../schemas/schema-words.ts';

/** What each generated lifecycle check did (suites/modules/_lifecycle.ts), as a verb phrase. */
const lifecycleWords: Record<LifecycleAspect, string> = {
  served: 'called',
  gone: 'probed for its removal',
  'absent-before-8.0': 'probed before 8.0',
  'replacement-served': 'its replacement called',
};

function isLifecycleAspect(aspect: string): aspect is LifecycleAspect {
  return aspect in lifecycleWords;
}

/**
 * The check, named within its endpoint's row: a lifecycle check by what it did, any other by its title without
 * the endpoint the row already names (`answers 403 to a user without …`).
 */
export function checkInWords(entry: Pick<CatalogEntry, 'id' | 'method' | 'path'>, check: Pick<CheckResult, 'id' | 'name'>): string {
  const aspect = check.id.slice(entry.id.length + 1);
  if (isLifecycleAspect(aspect)) return lifecycleWords[aspect];
  const title = check.name.replace(/\s*\[[^\]]*\]$/, '').trim();
  const own = `${entry.method} ${entry.path} `;
  const named = title.startsWith(own) ? title.slice(own.length) : title;
  return named === '' ? aspect : named;
}

/** Whether the check is one of the generated lifecycle checks, whose observation starts with the status answered. */
export function isLifecycleCheck(entry: Pick<CatalogEntry, 'id'>, check: Pick<CheckResult, 'id'>): boolean {
  return isLifecycleAspect(check.id.slice(entry.id.length + 1));
}

/**
 * A check's own text (what it observed, its failure, its reason) with schema ids said in words; `startsWithStatus`
 * for a lifecycle check's observation, whose leading number is the HTTP status (`404`, `200 (8.0/asset)`).
 */
export function inPlainWords(text: string, startsWithStatus = false): string {
  if (!startsWithStatus) return schemaIdsInWords(withoutFindingIds(text));
  const checkedBody = /^(\d{3}) \(([\w.]+\/[\w-]+)\)/.exec(text);
  const schema = checkedBody?.[2];
  if (checkedBody && schema !== undefined && hasSchema(schema)) {
    return schemaIdsInWords(`HTTP ${checkedBody[1]}, body checked against ${schemaInWords(schema)}${text.slice(checkedBody[0].length)}`);
  }
  return schemaIdsInWords(text.replace(/^(\d{3})(?=$|[\s;,])/, 'HTTP $1'));
}

/**
 * `not served (405; finding media.ai-tagging-configurations.served)` (src/check/not-served.ts) names the check that
 * holds the finding; a reader looks for the endpoint, which the same reason names.
 */
function withoutFindingIds(text: string): string {
  return text.replace(/\bfinding [a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:served|replacement-served)\b/g, 'see that endpoint\'s finding');
}
