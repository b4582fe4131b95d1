/**
 * The lifecycle checks of a module, generated from the catalog: one check
 * per endpoint change and target version (spec §4.2–§4.7).
 * - served:  the endpoint exists in this version and answers as documented
 *            (statuses, the version's response schema, the new parameters
 *            and fields of the request recipe accepted);
 * - gone:    removed in 8.0, so 404 or 405;
 * - absent-before-8.0: on 7.4 an 8.0-only endpoint is expected absent; one
 *            that is already there is reported as an observation (a skip
 *            with its reason), not a failure: 7.4 patch levels differ;
 * - replacement-served: a deprecated endpoint's replacement exists (spec §9.4).
 */
import { expect, type TestContext } from 'vitest';
import type { PlatformApi } from '../../src/api/platform-api.ts';
import type { FaultDeclarations } from '../../src/catalog/faults.ts';
import {
  entriesFor,
  expectedVerdict,
  pathParamNames,
  versionedPath,
  type CatalogEntry,
  type CatalogModule,
  type EndpointRef,
  type LifecycleAspect,
} from '../../src/catalog/index.ts';
import { isFixtureName, type FixtureName } from '../../src/catalog/fixtures.ts';
import { recipeFor, type RecipeInput, type RequestRecipe } from './_requests.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import { check, forEachTarget, type CheckDefinition } from '../../src/check/check.ts';
import { requireMutationsAllowed } from '../../src/check/mutation-guard.ts';
import { observe } from '../../src/check/observe.ts';
import { annotateDeprecatedEndpoint } from '../../src/check/deprecation-scan.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { formatValidationErrors, validateBody } from '../../src/schemas/validator.ts';
import { suiteContext, type SuiteContext } from '../../src/run-targets/context.ts';
import { targetVersion } from '../../src/run-targets/current-target.ts';

/** A route the platform does not have: 404, or 405 where another method shares the path. */
export const ROUTE_ABSENT = [404, 405] as const;

/** Which lifecycle checks an entry has follows from its change and the target's version, so they are registered per target. */
export function lifecycleChecks(module: CatalogModule): void {
  forEachTarget(() => {
    const version = targetVersion();
    for (const entry of entriesFor(module)) {
      const verdict = expectedVerdict(entry, version);
      if (verdict !== 'absent') {
        servedCheck(entry, verdict);
        if (entry.change === 'deprecated' && entry.replacement !== undefined && verdict === 'deprecated') {
          replacementCheck(entry, entry.replacement, entry.faults.replacementServed);
        }
      } else if (entry.change === 'added') {
        absentBeforeCheck(entry, entry.faults.absentBefore8);
      } else if (entry.change === 'removed') {
        goneCheck(entry, entry.faults.gone);
      }
    }
  });
}

/** A lifecycle check of the entry; its faults are declared in the entry (`faults`, src/catalog/types.ts). */
function definition(entry: CatalogEntry, aspect: LifecycleAspect, title: string, faults: FaultDeclarations): CheckDefinition {
  return {
    id: `${entry.id}.${aspect}`,
    title,
    labels: { module: entry.module, feature: entry.change, story: `${entry.method} ${entry.path}`, spec: entry.specSection },
    // A mutating entry changes the seed data others read (and undoes it in the same check): one at a time.
    concurrent: !entry.mutating,
    killedBy: faults.killedBy,
    ...(faults.observedBy && { observedBy: faults.observedBy }),
  };
}

function servedCheck(entry: CatalogEntry, verdict: string): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'served', `${entry.method} ${entry.path} is served (${verdict})`, entry.faults.served), async (test) => {
    const context = await suiteContext();
    if (entry.mutating) await requireMutationsAllowed(test, context.target, `${entry.method} ${entry.path}`);
    const input = await recipeInput(test, context, entry, recipe);
    const response = await callEntry(context.api, entry, recipe, input);
    // Deprecation / Sunset headers are an observation (RFC 9745, RFC 8594; the spec obliges none): shown, never judged.
    if ([entry.change, ...(entry.alsoChanges ?? [])].includes('deprecated')) await annotateDeprecatedEndpoint(response, entry.method);
    try {
      const schemaId = entry.schemas?.response?.[context.target.version];
      const served = recipe.served ?? [];
      // A change that cannot be undone is said in the report wherever it was made on a target that is not ours.
      const irreversible = entry.mutating && recipe.irreversible && !context.target.embedded ? `; not undone: ${recipe.irreversible}` : '';
      await observe(test, `${response.status}${schemaId ? ` (${schemaId})` : ''}${irreversible}`);
      if (served.length > 0) expect(served, `status of ${entry.method} ${entry.path}`).toContain(response.status);
      else expect(response.status, `a 2xx from ${entry.method} ${entry.path}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `a 2xx from ${entry.method} ${entry.path}`).toBeLessThan(300);
      if (schemaId && response.status !== 204) {
        const result = validateBody(schemaId, response.json());
        expect(result.ok ? '' : formatValidationErrors(result.errors), `body against ${schemaId}`).toBe('');
      }
    } finally {
      if (entry.mutating && response.status < 300 && recipe.cleanup) await recipe.cleanup(context.api, response, input);
    }
  });
}

function goneCheck(entry: CatalogEntry, faults: FaultDeclarations): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'gone', `${entry.method} ${entry.path} is gone (404 or 405)`, faults), async (test) => {
    const context = await suiteContext();
    if (entry.mutating) await requireMutationsAllowed(test, context.target, `probing the removed ${entry.method} ${entry.path}`);
    const input = await recipeInput(test, context, entry, recipe, { lenient: true });
    const response = await callEntry(context.api, entry, recipe, input);
    await observe(test, `${response.status}${input.placeholders ? AMBIGUOUS_404 : ''}`);
    expect(ROUTE_ABSENT as readonly number[], `${entry.method} ${entry.path} still answers`).toContain(response.status);
  });
}

function absentBeforeCheck(entry: CatalogEntry, faults: FaultDeclarations): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'absent-before-8.0', `${entry.method} ${entry.path} (8.0) is not served yet`, faults), async (test) => {
    const context = await suiteContext();
    if (entry.mutating) await requireMutationsAllowed(test, context.target, `probing ${entry.method} ${entry.path}`);
    const input = await recipeInput(test, context, entry, recipe, { lenient: true });
    const response = await callEntry(context.api, entry, recipe, input);
    try {
      await observe(test, `${response.status}${input.placeholders ? AMBIGUOUS_404 : ''}`);
      if (!(ROUTE_ABSENT as readonly number[]).includes(response.status)) {
        await skipWithReason(test, `observation: already served on this ${context.target.version} instance (HTTP ${response.status}); 7.4 patch levels differ`);
      }
    } finally {
      if (entry.mutating && response.status < 300 && recipe.cleanup) await recipe.cleanup(context.api, response, input);
    }
  });
}

function replacementCheck(entry: CatalogEntry, replacement: EndpointRef, faults: FaultDeclarations): void {
  check(
    definition(entry, 'replacement-served', `the replacement ${replacement.method} ${replacement.path} is served`, faults),
    async (test) => {
      const context = await suiteContext();
      const input = await recipeInput(test, context, { ...entry, path: replacement.path }, {});
      const response = await callEntry(context.api, { ...entry, method: replacement.method, path: replacement.path }, {}, input);
      await observe(test, `${response.status}`);
      expect(response.status, `a 2xx from ${replacement.method} ${replacement.path}`).toBeGreaterThanOrEqual(200);
      expect(response.status, `a 2xx from ${replacement.method} ${replacement.path}`).toBeLessThan(300);
    },
  );
}

const AMBIGUOUS_404 = ' with made-up ids (no fixture found): a 404 cannot tell a missing route from a missing entity';

type ResolvedInput = RecipeInput & { readonly placeholders: boolean };

/** The fixtures the path and the recipe need; a missing one skips the check with its reason. */
async function recipeInput(
  test: TestContext,
  context: SuiteContext,
  entry: CatalogEntry,
  recipe: RequestRecipe,
  options: { lenient?: boolean } = {},
): Promise<ResolvedInput> {
  const names = new Set<FixtureName>(recipe.fixtures ?? []);
  for (const param of pathParamNames(versionedPath(entry))) {
    const fixture = entry.pathParams[param];
    if (fixture && isFixtureName(fixture)) names.add(fixture);
  }
  const lookup = await context.fixtures.lookupAll([...names]);
  if ('missing' in lookup) {
    // An absence probe can go on with a made-up id: a 404 then cannot tell a missing route from a missing entity, and says so.
    if (options.lenient) return { version: context.target.version, fixtures: placeholderFixtures([...names]), placeholders: true };
    return skipWithReason(test, lookup.missing);
  }
  return { version: context.target.version, fixtures: lookup.values, placeholders: false };
}

function placeholderFixtures(names: readonly FixtureName[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, '0']));
}

export function callEntry(api: PlatformApi, entry: Pick<CatalogEntry, 'method' | 'path' | 'versionSegment' | 'pathParams'>, recipe: RequestRecipe, input: RecipeInput): Promise<HttpResponse> {
  const pathParams: Record<string, string> = {};
  for (const [param, fixture] of Object.entries(entry.pathParams)) {
    const value = input.fixtures[fixture];
    if (value !== undefined) pathParams[param] = value;
  }
  return api.call({
    method: entry.method,
    // `{version}` is filled by the API client from the target's path versions (PATH_VERSION_<MODULE>).
    path: entry.path,
    pathParams,
    ...(recipe.query && { query: recipe.query(input) }),
    ...(recipe.body && { json: recipe.body(input) }),
  });
}
