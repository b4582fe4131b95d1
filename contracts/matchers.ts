/**
 * Pact's V3 matchers alone. The contract suite's worker reads the consumer
 * contracts for their fault declarations only, and pact-js's entry module
 * also loads its mock server, proxy and logger: 0.2 s of CPU in a worker
 * that starts while seven others load on two cores (issue 9). The entry
 * exports this same module as `MatchersV3`.
 */
export * as MatchersV3 from '@pact-foundation/pact/src/v3/matchers.js';
