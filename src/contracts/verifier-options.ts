/**
 * Builds the options of pact-js's Verifier for one pact source, as a pure
 * function (unit-tested without a broker):
 * - `providerBaseUrl` is the target; `requestFilter` and `stateHandlers`
 *   come from the caller;
 * - files and URLs go to `pactUrls`; a broker source sets the broker URL,
 *   token, provider name and consumer version selectors;
 * - results are published only for a broker source with PACT_PUBLISH_RESULTS
 *   (its `publish` settings), and never while the mutation guard blocks
 *   interactions, which would be published as failures;
 * - the log level stays at `error`: pact-js's debug tracing would log
 *   request headers, the bearer token among them.
 */
import type { VerifierOptions } from '@pact-foundation/pact';
import type { PactPublishConfig } from '../config/pact.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { PactSource } from './pact-source.ts';
import type { RequestFilter } from './request-filter.ts';
import type { StateSetup } from './state-handlers.ts';

export interface VerifierOptionsInput {
  readonly providerBaseUrl: string;
  readonly source: PactSource;
  readonly stateHandlers: Readonly<Record<string, StateSetup>>;
  readonly requestFilter: RequestFilter;
  /** Per-request timeout of the verifier, ms. */
  readonly timeoutMs: number;
  /** PACT_PUBLISH_RESULTS=true: the version (and branch) to publish for. */
  readonly publish?: PactPublishConfig;
  /** Whether the mutation guard blocks mutating interactions on this target. */
  readonly mutationGuardActive: boolean;
}

export function buildVerifierOptions(input: VerifierOptionsInput): VerifierOptions {
  const { source } = input;
  const common = {
    providerBaseUrl: input.providerBaseUrl,
    stateHandlers: { ...input.stateHandlers },
    requestFilter: input.requestFilter,
    logLevel: 'error',
    timeout: input.timeoutMs,
  } as const satisfies VerifierOptions;
  switch (source.kind) {
    case 'files':
      return { ...common, pactUrls: [...source.files] };
    case 'urls':
      return { ...common, pactUrls: [...source.urls], ...(source.token !== undefined && { pactBrokerToken: source.token }) };
    case 'broker': {
      const { broker } = source;
      if (input.publish && input.mutationGuardActive) {
        throw new UpgradeGuardError(
          'CONFIG_INVALID',
          'PACT_PUBLISH_RESULTS=true against a real target needs ALLOW_MUTATIONS=true: interactions the mutation guard skips would be published as failures',
        );
      }
      return {
        ...common,
        provider: broker.providerName,
        pactBrokerUrl: broker.url,
        ...(broker.token !== undefined && { pactBrokerToken: broker.token }),
        consumerVersionSelectors: broker.consumerVersionSelectors.map((selector) => ({ ...selector })),
        failIfNoPactsFound: false,
        ...(input.publish
          ? {
              publishVerificationResult: true,
              providerVersion: input.publish.providerVersion,
              ...(input.publish.providerBranch !== undefined && { providerVersionBranch: input.publish.providerBranch }),
            }
          : { publishVerificationResult: false }),
      };
    }
  }
}
