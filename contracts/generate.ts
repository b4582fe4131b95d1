/**
 * Runs every consumer test: for each module and version, each interaction
 * is registered with PactV4 and the project's typed client calls the Pact
 * mock server (STYLE.md "pact-js": consumer tests drive the real client).
 * A client whose request does not match the interaction fails the test and
 * no pact is written. One pact file per module and version (src/contracts/sources.ts).
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { PlatformApi, type TokenSource } from '../src/api/platform-api.ts';
import { HttpClient } from '../src/http/client.ts';
import { platformVersions } from '../src/profile/versions.ts';
import { moduleContracts } from './consumer/index.ts';
import { requestPath, resolveEndpoint, type ContractInteraction } from './interaction.ts';
import { consumerName, contractCheckId, pactFileName, providerName } from '../src/contracts/sources.ts';
import type { CatalogModule } from '../src/catalog/index.ts';

/** The mock server does not check the bearer token: any value does, and no real one is ever used here. */
const consumerTokens: TokenSource = { accessToken: async () => 'consumer-test-token' };

export interface GeneratedPact {
  readonly file: string;
  readonly interactions: number;
}

/** Writes every pact file into `dir` (emptied of pact files first, since pact-js merges into existing files). */
export async function generatePacts(dir: string): Promise<GeneratedPact[]> {
  process.env.PACT_DO_NOT_TRACK ??= 'true';
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) if (name.endsWith('.json')) await rm(join(dir, name));
  const generated: GeneratedPact[] = [];
  for (const contracts of moduleContracts) {
    for (const version of platformVersions) {
      const interactions = contracts.versions[version] ?? [];
      if (interactions.length === 0) continue;
      const pact = new PactV4({ consumer: consumerName, provider: providerName(contracts.module, version), dir, logLevel: 'error' });
      for (const interaction of interactions) {
        // A client per mock server: each mock server listens on a fresh port, which a later one may reuse,
        // and a pooled keep-alive socket to a closed server would swallow the next request.
        await withRetriedMockServer(async () => {
          const http = new HttpClient({ timeoutMs: 15_000, maxConcurrency: 4 });
          try {
            await runConsumerTest(pact, contracts.module, interaction, http);
          } finally {
            await http.close();
          }
        });
      }
      generated.push({ file: join(dir, pactFileName(contracts.module, version)), interactions: interactions.length });
    }
  }
  return generated;
}

/**
 * Under load the pact mock server now and then reports a request it has
 * just answered as "expected but not received" (the client got the
 * contract's response, so the request did arrive). Such a run is repeated,
 * twice at most; a real mismatch fails every time, and a client error is
 * never repeated.
 */
async function withRetriedMockServer(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run();
      return;
    } catch (error) {
      const spurious = error instanceof Error && error.message.includes('expected but not received');
      if (!spurious || attempt >= 3) throw error;
    }
  }
}

async function runConsumerTest(pact: PactV4, module: CatalogModule, interaction: ContractInteraction, http: HttpClient): Promise<void> {
  const endpoint = resolveEndpoint(interaction);
  const unconfigured = pact.addInteraction();
  const stated = interaction.state === undefined ? unconfigured : unconfigured.given(interaction.state);
  let clientError: unknown;
  await stated
    .uponReceiving(interaction.description)
    .testName(contractCheckId(module, interaction.slug))
    .withRequest(endpoint.method, requestPath(endpoint), (request) => {
      if (interaction.query !== undefined) request.query(interaction.query);
      if (interaction.body !== undefined) request.jsonBody(interaction.body);
    })
    .willRespondWith(interaction.status, (response) => {
      if (interaction.responseBody !== undefined) response.jsonBody(interaction.responseBody);
    })
    .executeTest(async (mockServer) => {
      const response = await interaction.drive(new PlatformApi(http, mockServer.url, consumerTokens)).catch((error: unknown) => {
        clientError = error;
        throw error;
      });
      if (response.status !== interaction.status) {
        throw new Error(`${interaction.description}: the client got ${response.status}, the contract says ${interaction.status}: ${response.text.slice(0, 300)}`);
      }
      // The consumer reads what it asked for: a body the client cannot parse fails here.
      if (interaction.responseBody !== undefined) response.json();
    })
    .catch((error: unknown) => {
      // pact-js reports only "expected but not received"; the client's own error says why.
      throw clientError ?? error;
    });
}
