/**
 * How a lifecycle check calls one catalog endpoint (suites/modules/_lifecycle.ts):
 * the query and body to send (new parameters and fields included, so
 * "accepts the new parameters" is checked by the same call), the statuses
 * that mean "served", and how to undo what a mutating call changed. The
 * catalog (src/catalog/) says what changed; these recipes are the suite's
 * behaviour, one file per module (`<module>/_requests.ts`), keyed by the
 * typed entry id.
 */
import type { PlatformApi } from '../../src/api/platform-api.ts';
import type { CatalogEntryId, EntryIdOf } from '../../src/catalog/index.ts';
import type { FixtureName } from '../../src/catalog/fixtures.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import type { DataChange } from '../../src/check/data-changes.ts';
import { jobRequests } from './job/_requests.ts';
import { mediaRequests } from './media/_requests.ts';
import { planningRequests } from './planning/_requests.ts';
import { shopRequests } from './shop/_requests.ts';
import { templateBuilderRequests } from './template-builder/_requests.ts';

/** Fixture values by name, resolved for the target. */
export type FixtureValues = Readonly<Partial<Record<FixtureName, string>>>;

export interface RecipeInput {
  readonly version: PlatformVersion;
  readonly fixtures: FixtureValues;
}

export interface RequestRecipe {
  /** Fixtures needed besides the path's own (for the body or the query). */
  readonly fixtures?: readonly FixtureName[];
  readonly query?: (input: RecipeInput) => Readonly<Record<string, string | number | boolean | readonly string[]>>;
  readonly body?: (input: RecipeInput) => unknown;
  /** What the spec promises about what the recipe sends (`§2, §3 name PENDING among the values of states`), said in a failure. */
  readonly promise?: string;
  /** What to do when the target refuses what the recipe sends (400, 422): the value to send instead, said in a failure. */
  readonly onRefusal?: string;
  /** Statuses that mean the endpoint is served; any 2xx when absent. */
  readonly served?: readonly number[];
  /** Undo a successful mutating call that created something (real targets with ALLOW_MUTATIONS=true keep their data). */
  readonly cleanup?: (api: PlatformApi, response: HttpResponse, input: RecipeInput) => Promise<void>;
  /** What `cleanup` puts back, when it restores what the call removed rather than removing what it created. */
  readonly restores?: string;
  /**
   * Makes what the call acts on before the call (a scratch group), or reads what it replaces: the call then changes
   * only what the run created, or values it puts back. Runs after the mutation guard.
   */
  readonly prepare?: (api: PlatformApi, input: RecipeInput) => Promise<Prepared>;
  /** Fixtures `prepare` provides (the scratch object's id): they are not looked up on the target. */
  readonly provides?: readonly FixtureName[];
  /** Why the call changes nothing although its method could (an empty selection, the values it already has). */
  readonly unchanged?: string;
  /**
   * Why the recipe's request changes nothing even on an instance that serves the endpoint (a selection that names
   * nothing, a lookup): its checks then run read-only, without ALLOW_MUTATIONS, so a read-only run still sees
   * whether a removed endpoint is gone. Only for a request that cannot change data whatever the target does with it.
   */
  readonly readOnlyProbe?: string;
  /** The check that removes what this call creates, when another one does (a pair run in catalog order). */
  readonly removedBy?: string;
  /**
   * Why the call cannot be undone, when it cannot (e.g. a statistics reset): on a real target the step then needs
   * ALLOW_IRREVERSIBLE=true as well (src/check/mutation-guard.ts), and the report lists it as not undone.
   */
  readonly irreversible?: string;
}

/** What `prepare` made ready: the values the call needs, and how to undo everything afterwards. */
export type Prepared = PreparedCall | { readonly failed: string };

export interface PreparedCall {
  /** Fixture values of what was made (the scratch group's id). */
  readonly fixtures?: FixtureValues;
  /** The body to send instead of the recipe's (built from what was read first). */
  readonly body?: unknown;
  /**
   * Removes or restores what `prepare` and the call changed, and says so, one entry per change; `call` is the
   * call's request line and whether it succeeded (a refused call changed nothing).
   */
  readonly undo: (api: PlatformApi, call: { readonly request: string; readonly succeeded: boolean }) => Promise<DataChange[]>;
}

/** The recipes of one module (`job`, `template-builder`, …), by the ids of its entries only. */
export type ModuleRecipes<Prefix extends string> = Readonly<Partial<Record<EntryIdOf<Prefix>, RequestRecipe>>>;

/** An entry without a recipe is called with its path parameters only (the review module has none). */
const requestRecipes: Readonly<Partial<Record<CatalogEntryId, RequestRecipe>>> = {
  ...jobRequests,
  ...planningRequests,
  ...mediaRequests,
  ...templateBuilderRequests,
  ...shopRequests,
};

export function recipeFor(entryId: CatalogEntryId): RequestRecipe {
  return requestRecipes[entryId] ?? {};
}
