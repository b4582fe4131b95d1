/**
 * The lifecycle checks of a module, generated from the catalog: one check
 * per endpoint change and target version (spec §4.2–§4.7).
 * - served:  the endpoint exists in this version and answers as documented
 *            (statuses, the version's response schema, the new parameters
 *            and fields of the request recipe accepted);
 * - gone:    removed in 8.0, so 404 or 405, or 410 Gone (RFC 9110 §15.5.11:
 *            the resource is no longer available, the most precise answer);
 *            a "removed/deprecated" row passes removed or still served, and
 *            says which;
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
import { fixtureVariable, isFixtureName, type FixtureName } from '../../src/catalog/fixtures.ts';
import { recipeFor, type PreparedCall, type RecipeInput, type RequestRecipe } from './_requests.ts';
import { guardEntry, readOnlyNote, settleEntry } from './_undo.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import { isJsonMediaType, mediaTypeEssence } from '../../src/http/media-type.ts';
import { check, forEachTarget, type CheckDefinition } from '../../src/check/check.ts';
import { observe } from '../../src/check/observe.ts';
import { annotateDeprecatedEndpoint } from '../../src/check/deprecation-scan.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { expectStatus } from '../../src/check/status-finding.ts';
import { deprecationSignal } from '../../src/http/deprecation-headers.ts';
import { removedOrDeprecatedVerdict } from './_removed-or-deprecated.ts';
import { formatValidationErrors, validateBody } from '../../src/schemas/validator.ts';
import { suiteContext, type SuiteContext } from '../../src/run-targets/context.ts';
import { targetVersion } from '../../src/run-targets/current-target.ts';

/** A route the platform does not have: 404, or 405 where another method shares the path. */
export const ROUTE_ABSENT = [404, 405] as const;

/** A removed route: absent, or 410 Gone, which RFC 9110 §15.5.11 names for a resource that is no longer available. */
export const ROUTE_GONE = [...ROUTE_ABSENT, 410] as const;

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
      } else if (entry.change === 'removed' && entry.alsoChanges?.includes('deprecated')) {
        removedOrDeprecatedCheck(entry, entry.faults.gone);
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
    await guardEntry(test, context, entry, recipe, `${entry.method} ${entry.path}`);
    const { input, prepared } = await preparedInput(test, context, entry, recipe);
    const response = await callEntry(context.api, entry, recipe, input, prepared);
    try {
      // Deprecation / Sunset headers are an observation (RFC 9745, RFC 8594; the spec obliges none): shown, never judged.
      if ([entry.change, ...(entry.alsoChanges ?? [])].includes('deprecated')) await annotateDeprecatedEndpoint(response, entry.method);
      const schemaId = entry.schemas?.response?.[context.target.version];
      const served = recipe.served ?? [];
      // A change that cannot be undone is said in the report wherever it was made on a target that is not ours.
      const irreversible = entry.mutating && recipe.irreversible && !context.target.embedded ? `; not undone: ${recipe.irreversible}` : '';
      await observe(test, `${response.status}${schemaId ? ` (${schemaId})` : ''}${irreversible}${readOnlyNote(context, entry, recipe)}`);
      // The headline carries the evidence and the next step (src/check/status-finding.ts), not only the attachment.
      expectStatus(response, {
        call: `${entry.method} ${new URL(response.url).pathname}`,
        ...(served.length > 0 && { accepted: served.filter((status) => status < 300) }),
        spec: entry.specSection,
        promise: `lists ${entry.method} ${entry.path} as served on ${context.target.version} (${verdict})${recipe.promise ? `, and ${recipe.promise}` : ''}`,
        ...(recipe.onRefusal !== undefined && { onRefusal: recipe.onRefusal }),
        ...(entry.replacement !== undefined && { replacement: `${entry.replacement.method} ${entry.replacement.path}` }),
      });
      if (schemaId && response.status !== 204) {
        const result = validateBody(schemaId, response.json());
        expect(result.ok ? '' : formatValidationErrors(result.errors), `body against ${schemaId}`).toBe('');
      }
    } finally {
      await settleEntry(test, context, entry, recipe, input, response, prepared);
    }
  });
}

function goneCheck(entry: CatalogEntry, faults: FaultDeclarations): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'gone', `${entry.method} ${entry.path} is gone (404, 405 or 410)`, faults), async (test) => {
    const context = await suiteContext();
    await guardEntry(test, context, entry, recipe, `probing the removed ${entry.method} ${entry.path} (no request proves it gone without risking data where it is still served)`);
    const { input, prepared } = await preparedInput(test, context, entry, recipe, { lenient: true });
    const response = await callEntry(context.api, entry, recipe, input, prepared);
    try {
      await observe(test, `${response.status}${input.placeholders ? AMBIGUOUS_404 : ''}${readOnlyNote(context, entry, recipe)}`);
      expect(ROUTE_GONE as readonly number[], `${entry.method} ${entry.path} still answers`).toContain(response.status);
    } finally {
      await settleEntry(test, context, entry, recipe, input, response, prepared);
    }
  });
}

/** Spec "removed/deprecated" (§4.4): gone or still served are both the spec's; the check says which (_removed-or-deprecated.ts). */
function removedOrDeprecatedCheck(entry: CatalogEntry, faults: FaultDeclarations): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'gone', `${entry.method} ${entry.path} is removed (404, 405 or 410) or deprecated and still served`, faults), async (test) => {
    const context = await suiteContext();
    await guardEntry(test, context, entry, recipe, `probing the removed or deprecated ${entry.method} ${entry.path}`);
    // A fixture found by discovery first: only with a real id does a 404 say that the route is gone.
    const input = await recipeInput(test, context, entry, recipe, { lenient: true });
    const response = await callEntry(context.api, entry, recipe, input);
    const signal = deprecationSignal(entry.method, response.url, response.status, response.headers);
    const verdict = removedOrDeprecatedVerdict(
      { status: response.status, text: response.text, placeholders: input.placeholders, ...(signal && { signal }) },
      { call: `${entry.method} ${new URL(response.url).pathname}`, spec: entry.specSection, fixtures: Object.values(entry.pathParams).map(fixtureVariable) },
    );
    if (verdict.outcome === 'not-checked') return skipWithReason(test, verdict.reason);
    if (verdict.outcome === 'neither') throw targetBreak(verdict.problem);
    if (verdict.outcome === 'deprecated') await annotateDeprecatedEndpoint(response, entry.method);
    await observe(test, `${verdict.observation}${readOnlyNote(context, entry, recipe)}`);
  });
}

function absentBeforeCheck(entry: CatalogEntry, faults: FaultDeclarations): void {
  const recipe = recipeFor(entry.id);
  check(definition(entry, 'absent-before-8.0', `${entry.method} ${entry.path} (8.0) is not served yet`, faults), async (test) => {
    const context = await suiteContext();
    await guardEntry(test, context, entry, recipe, `probing ${entry.method} ${entry.path} (no request proves it absent without risking data where it is served)`);
    const { input, prepared } = await preparedInput(test, context, entry, recipe, { lenient: true });
    const response = await callEntry(context.api, entry, recipe, input, prepared);
    try {
      await observe(test, `${response.status}${input.placeholders ? AMBIGUOUS_404 : ''}${readOnlyNote(context, entry, recipe)}`);
      if (!(ROUTE_ABSENT as readonly number[]).includes(response.status)) {
        await skipWithReason(test, `observation: already served on this ${context.target.version} instance (HTTP ${response.status}); 7.4 patch levels differ`);
      }
    } finally {
      await settleEntry(test, context, entry, recipe, input, response, prepared);
    }
  });
}

/**
 * "Served" means an API answer (spec §9.4: the replacement is what a client moves to): a 2xx whose Content-Type is
 * the JSON the replaced endpoint documents (its response schema is JSON) and whose body parses. A 200 with an HTML
 * sign-in page, which a gateway answers for a route it does not know, is not served.
 */
function replacementCheck(entry: CatalogEntry, replacement: EndpointRef, faults: FaultDeclarations): void {
  check(
    definition(entry, 'replacement-served', `the replacement ${replacement.method} ${replacement.path} is served`, faults),
    async (test) => {
      const context = await suiteContext();
      const input = await recipeInput(test, context, { ...entry, path: replacement.path }, {});
      const response = await callEntry(context.api, { ...entry, method: replacement.method, path: replacement.path }, {}, input);
      const contentType = response.header('content-type');
      await observe(test, `${response.status} ${mediaTypeEssence(contentType) ?? 'without a Content-Type'}`);
      const what = `${replacement.method} ${replacement.path}`;
      expectStatus(response, {
        call: `${replacement.method} ${new URL(response.url).pathname}`,
        spec: '§9.4',
        promise: `names ${replacement.method} ${replacement.path} as the replacement of the deprecated ${entry.method} ${entry.path} (${entry.specSection})`,
        onRefusal: `keep calling the deprecated ${entry.method} ${entry.path} while it is served, and ask the vendor what the replacement expects`,
      });
      if (entry.schemas?.response?.[context.target.version] === undefined) return;
      expect(isJsonMediaType(contentType), `Content-Type of ${what} is JSON, as the replaced endpoint documents (got ${contentType ?? 'none'})`).toBe(true);
      expect(parseError(response.text), `the body of ${what} parses as JSON`).toBe('');
    },
  );
}

function parseError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
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
  for (const provided of recipe.provides ?? []) names.delete(provided);
  const lookup = await context.fixtures.lookupAll([...names]);
  if ('missing' in lookup) {
    // An absence probe can go on with a made-up id: a 404 then cannot tell a missing route from a missing entity, and says so.
    if (options.lenient) return { version: context.target.version, fixtures: placeholderFixtures([...names]), placeholders: true };
    return skipWithReason(test, lookup.missing);
  }
  return { version: context.target.version, fixtures: lookup.values, placeholders: false };
}

/**
 * The recipe's input, after its `prepare` made what the call acts on. A prepare that fails fails the served check
 * (the endpoint cannot be tried on anything the run may change); an absence probe goes on with made-up ids.
 */
async function preparedInput(
  test: TestContext,
  context: SuiteContext,
  entry: CatalogEntry,
  recipe: RequestRecipe,
  options: { lenient?: boolean } = {},
): Promise<{ input: ResolvedInput; prepared: PreparedCall | undefined }> {
  const input = await recipeInput(test, context, entry, recipe, options);
  if (!recipe.prepare) return { input, prepared: undefined };
  const prepared = await recipe.prepare(context.api, input);
  if (!('failed' in prepared)) return { input: { ...input, fixtures: { ...input.fixtures, ...prepared.fixtures } }, prepared };
  if (!options.lenient) throw new Error(`cannot try ${entry.method} ${entry.path} on data of its own: ${prepared.failed}`);
  const placeholders = placeholderFixtures(recipe.provides ?? []);
  return { input: { ...input, fixtures: { ...input.fixtures, ...placeholders }, placeholders: true }, prepared: undefined };
}

function placeholderFixtures(names: readonly FixtureName[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, '0']));
}

export function callEntry(
  api: PlatformApi,
  entry: Pick<CatalogEntry, 'method' | 'path' | 'versionSegment' | 'pathParams'>,
  recipe: RequestRecipe,
  input: RecipeInput,
  prepared?: PreparedCall,
): Promise<HttpResponse> {
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
    ...(prepared?.body !== undefined ? { json: prepared.body } : recipe.body && { json: recipe.body(input) }),
  });
}
