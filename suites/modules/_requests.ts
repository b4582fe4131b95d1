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
  /** Undo a successful mutating call (real targets with ALLOW_MUTATIONS=true keep their data). */
  readonly cleanup?: (api: PlatformApi, response: HttpResponse, input: RecipeInput) => Promise<void>;
  /** Why the call cannot be undone, when it cannot (e.g. a statistics reset); reported. */
  readonly irreversible?: string;
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
