/**
 * Turns a provider state of the catalog (contracts/provider-states.ts) into
 * the fixture ids it yields on one target: FIXTURE_* first, then the
 * embedded platform's seed ids, then discovery through the API. An id none
 * of them gives is a MissingFixture: the interaction skips and names the
 * variable to set.
 */
import { fixturePrefix } from '../config/variables.ts';
import { UpgradeGuardError } from '../errors.ts';
import {
  embeddedFixtures,
  fixtureExamples,
  providerState,
  type ContractFixture,
  type FixtureValue,
  type FixtureValues,
  type ProviderStateName,
} from '../../contracts/provider-states.ts';
import type { ProviderTarget } from './provider-target.ts';

export class MissingFixture extends Error {
  override readonly name = 'MissingFixture';
  readonly variables: readonly string[];

  constructor(state: string, variables: readonly string[]) {
    super(`provider state "${state}": no ${variables.join(', ')} set and discovery found none on the target; set ${variables.join(', ')}`);
    this.variables = variables;
  }
}

/** `mediaAssetId` → `FIXTURE_MEDIA_ASSET_ID` (the rule of src/catalog/fixtures.ts). */
export function fixtureVariableName(name: ContractFixture): string {
  return `${fixturePrefix}${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

export async function resolveProviderState(name: ProviderStateName, target: ProviderTarget): Promise<Record<string, FixtureValue>> {
  const definition = providerState(name);
  const values: FixtureValues = {};
  for (const fixture of definition.yields) {
    const fromVariable = target.fixtures[fixtureVariableName(fixture).slice(fixturePrefix.length)];
    if (fromVariable !== undefined) values[fixture] = typed(fixture, fromVariable);
    else if (target.embedded && embeddedFixtures[fixture] !== undefined) values[fixture] = embeddedFixtures[fixture];
  }
  if (definition.yields.some((fixture) => values[fixture] === undefined) && definition.discover) {
    const discovered = await definition.discover({ api: target.api, version: target.version }, { ...values });
    for (const fixture of definition.yields) {
      const found = discovered[fixture];
      if (values[fixture] === undefined && found !== undefined) values[fixture] = found;
    }
  }
  const missing = definition.yields.filter((fixture) => values[fixture] === undefined);
  if (missing.length > 0) throw new MissingFixture(name, missing.map(fixtureVariableName));
  const resolved: Record<string, FixtureValue> = {};
  for (const fixture of definition.yields) {
    const value = values[fixture];
    if (value !== undefined) resolved[fixture] = value;
  }
  return resolved;
}

/** A FIXTURE_* value has the type of the fixture's example: ids that are numbers in the API stay numbers in a body. */
function typed(fixture: ContractFixture, raw: string): FixtureValue {
  if (typeof fixtureExamples[fixture] === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new UpgradeGuardError('CONFIG_INVALID', `${fixtureVariableName(fixture)} must be a whole number`);
  return value;
}
