/**
 * What one consumer interaction declares: a sentence, the provider state it
 * needs, the catalog endpoint it calls, the request and response (with
 * matchers) and how the project's typed client makes the call. The method
 * and path come from the endpoint-change catalog; the path's ids come from
 * the provider state (`fromProviderState`), so a pact holds on any instance.
 */
import { MatchersV3 } from './matchers.ts';
import type { FaultDeclarations } from '../src/catalog/faults.ts';
import type { HttpMethod } from '../src/catalog/index.ts';
import { entryById, pathParamNames, versionedPath, type CatalogEntryId, type CatalogModule } from '../src/catalog/index.ts';
import type { PlatformApi } from '../src/api/platform-api.ts';
import { UpgradeGuardError } from '../src/errors.ts';
import type { HttpResponse } from '../src/http/client.ts';
import type { PlatformVersion } from '../src/profile/versions.ts';
import { fixtureExamples, type ContractFixture, type ProviderStateName } from '../src/contracts/provider-states.ts';

/**
 * `killedBy` / `observedBy` (FaultDeclarations): the simulator faults that make
 * the interaction's contract check (`contract.<module>.<slug>`) fail; the
 * contract suite reads them from here by check id. A shape fault fails the
 * interaction that relies on the shape; a fault that hides what a provider
 * state discovers (an id, a listing) fails the interactions of that state,
 * since the embedded platform's seed data always has it.
 */
export interface ContractInteraction extends FaultDeclarations {
  /** The check's last id segment: `contract.<module>.<slug>`. */
  readonly slug: string;
  /** Reads as a sentence: "a request for an asset with its asset sets". */
  readonly description: string;
  readonly state?: ProviderStateName;
  /** Catalog entry id of the endpoint. */
  readonly endpoint: CatalogEntryId;
  /** Call the endpoint's replacement (spec §9.4) instead of the endpoint. */
  readonly replacement?: boolean;
  readonly query?: Readonly<Record<string, string | MatchersV3.Matcher<string>>>;
  /** Request body, with matchers; ids through {@link stateValue}. */
  readonly body?: unknown;
  readonly status: number;
  /** Response body, with matchers. Absent: the contract is the status alone. */
  readonly responseBody?: unknown;
  /** The consumer's call, through the typed client, with the fixtures' example values. */
  readonly drive: (api: PlatformApi) => Promise<HttpResponse>;
}

export interface ModuleContracts {
  readonly module: CatalogModule;
  readonly versions: Readonly<Partial<Record<PlatformVersion, readonly ContractInteraction[]>>>;
}

/** An id the provider state supplies, with the example the consumer test uses. */
export function stateValue<Name extends ContractFixture>(name: Name): MatchersV3.Matcher<(typeof fixtureExamples)[Name]> {
  return MatchersV3.fromProviderState(`\${${name}}`, fixtureExamples[name]);
}

/** The example value of a fixture, as the consumer's own call passes it. */
export function example<Name extends ContractFixture>(name: Name): (typeof fixtureExamples)[Name] {
  return fixtureExamples[name];
}

export interface ResolvedEndpoint {
  readonly method: HttpMethod;
  /** The path template, `{version}` filled in. */
  readonly template: string;
  /** Each `{param}` of the template and the fixture that fills it. */
  readonly params: Readonly<Record<string, ContractFixture>>;
}

export function resolveEndpoint(interaction: Pick<ContractInteraction, 'endpoint' | 'replacement'>): ResolvedEndpoint {
  const entry = entryById(interaction.endpoint);
  const endpoint = interaction.replacement ? entry.replacement : { method: entry.method, path: versionedPath(entry) };
  if (!endpoint) throw new UpgradeGuardError('INTERNAL', `catalog entry ${entry.id} names no replacement`);
  const params: Record<string, ContractFixture> = {};
  for (const param of pathParamNames(endpoint.path)) {
    const fixture = entry.pathParams[param];
    if (fixture === undefined || !isContractFixture(fixture)) {
      throw new UpgradeGuardError('INTERNAL', `{${param}} of ${endpoint.path} has no contract fixture (src/contracts/provider-states.ts)`);
    }
    params[param] = fixture;
  }
  return { method: endpoint.method, template: endpoint.path, params };
}

/** The request path: a plain string, or a provider-state expression with the example path. */
export function requestPath(endpoint: ResolvedEndpoint): string | MatchersV3.Matcher<string> {
  const entries = Object.entries(endpoint.params);
  if (entries.length === 0) return endpoint.template;
  let expression = endpoint.template;
  let examplePath = endpoint.template;
  for (const [param, fixture] of entries) {
    expression = expression.replace(`{${param}}`, `\${${fixture}}`);
    examplePath = examplePath.replace(`{${param}}`, encodeURIComponent(String(fixtureExamples[fixture])));
  }
  return MatchersV3.fromProviderState(expression, examplePath);
}

export function isContractFixture(name: string): name is ContractFixture {
  return Object.hasOwn(fixtureExamples, name);
}
