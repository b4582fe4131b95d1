/**
 * What a lifecycle check does around a mutating call so that the run
 * changes only what it created (DESIGN.md "Rules"): the guard (ALLOW_MUTATIONS,
 * and ALLOW_IRREVERSIBLE for a step the API cannot undo), the recipe's
 * `prepare` (a scratch object, or the values read first), and afterwards the
 * undo, each change entered in the run's ledger (src/check/data-changes.ts).
 */
import type { TestContext } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/index.ts';
import { recordDataChange, requestLine, type DataChange } from '../../src/check/data-changes.ts';
import { requireIrreversibleAllowed, requireMutationsAllowed } from '../../src/check/mutation-guard.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import type { SuiteContext } from '../../src/run-targets/context.ts';
import type { PreparedCall, RecipeInput, RequestRecipe } from './_requests.ts';

/**
 * The mutation guard of an entry: a recipe that cannot be undone needs the second opt-in. A recipe whose request
 * changes nothing even where the endpoint is served (`readOnlyProbe`) is sent read-only, and the check says why.
 */
export async function guardEntry(test: TestContext, context: SuiteContext, entry: CatalogEntry, recipe: RequestRecipe, what: string): Promise<void> {
  if (!entry.mutating) return;
  if (recipe.readOnlyProbe !== undefined) return;
  if (recipe.irreversible) await requireIrreversibleAllowed(test, context.target, what, recipe.irreversible);
  else await requireMutationsAllowed(test, context.target, what);
}

/** What a check observes after its status when its request went read-only to a target that forbids mutations: why that is safe. */
export function readOnlyNote(context: SuiteContext, entry: CatalogEntry, recipe: RequestRecipe): string {
  const readOnlyRun = !context.target.embedded && !context.target.allowMutations;
  return entry.mutating && readOnlyRun && recipe.readOnlyProbe !== undefined ? `; sent read-only: ${recipe.readOnlyProbe}` : '';
}

/**
 * After the call: undoes what the recipe's `prepare` made and what the call changed, and enters every change in
 * the ledger. An undo that fails is entered as not undone and reported by the summary; it does not turn the
 * endpoint's verdict, which is about the call.
 */
export async function settleEntry(
  test: TestContext,
  context: SuiteContext,
  entry: CatalogEntry,
  recipe: RequestRecipe,
  input: RecipeInput,
  response: HttpResponse,
  prepared: PreparedCall | undefined,
): Promise<void> {
  if (!entry.mutating) return;
  const request = requestLine(entry.method, response.url);
  const succeeded = response.status < 300;
  if (prepared) {
    for (const change of await prepared.undo(context.api, { request, succeeded })) recordDataChange(test, change);
    return;
  }
  if (!succeeded) return;
  recordDataChange(test, await undoCall(context, recipe, input, response, request));
}

async function undoCall(context: SuiteContext, recipe: RequestRecipe, input: RecipeInput, response: HttpResponse, request: string): Promise<DataChange> {
  const target = context.target.baseUrl;
  if (recipe.cleanup) {
    const what = recipe.restores ?? 'what the call created';
    try {
      await recipe.cleanup(context.api, response, input);
      return recipe.restores ? { request, target: what, undone: 'restored', detail: 'put back by the check' } : { request, target: what, undone: 'removed', detail: 'deleted by the check' };
    } catch (error) {
      return { request, target: what, undone: 'not undone', detail: error instanceof Error ? error.message : String(error) };
    }
  }
  if (recipe.irreversible) return { request, target, undone: 'not undone', detail: recipe.irreversible };
  if (recipe.unchanged) return { request, target, undone: 'unchanged', detail: recipe.unchanged };
  if (recipe.removedBy) return { request, target: 'what the call created', undone: 'removed', detail: `by ${recipe.removedBy}, which runs next` };
  return { request, target, undone: 'not undone', detail: 'the recipe names no way to undo it' };
}
