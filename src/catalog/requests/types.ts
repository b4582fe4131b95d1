import type { HttpResponse } from '../../http/client.ts';
import type { PlatformApi } from '../../api/platform-api.ts';
import type { PlatformVersion } from '../../profile/versions.ts';
import type { FixtureName } from '../fixtures.ts';

/** Fixture values by name, resolved for the target. */
export type FixtureValues = Readonly<Partial<Record<FixtureName, string>>>;

export interface RecipeInput {
  readonly version: PlatformVersion;
  readonly fixtures: FixtureValues;
}

/**
 * How a lifecycle check calls one catalog endpoint: the query and body to
 * send (new parameters and fields included, so "accepts the new
 * parameters" is checked by the same call), the statuses that mean
 * "served", and how to undo what a mutating call changed.
 */
export interface RequestRecipe {
  /** Fixtures needed besides the path's own (for the body or the query). */
  readonly fixtures?: readonly FixtureName[];
  readonly query?: (input: RecipeInput) => Readonly<Record<string, string | number | boolean | readonly string[]>>;
  readonly body?: (input: RecipeInput) => unknown;
  /** Statuses that mean the endpoint is served; any 2xx when absent. */
  readonly served?: readonly number[];
  /** Undo a successful mutating call (real targets with ALLOW_MUTATIONS=true keep their data). */
  readonly cleanup?: (api: PlatformApi, response: HttpResponse, input: RecipeInput) => Promise<void>;
  /** Why the call cannot be undone, when it cannot (e.g. a statistics reset); reported. */
  readonly irreversible?: string;
}

/** Recipes by catalog entry id; an entry without one is called with its path parameters only. */
export type RequestRecipes = Readonly<Record<string, RequestRecipe>>;
