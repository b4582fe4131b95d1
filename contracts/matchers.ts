/**
 * Pact's V3 matchers alone. The contract suite's worker reads the consumer
 * contracts for their fault declarations only, and pact-js's entry module
 * also loads its mock server, proxy and logger: CPU spent in a worker that
 * starts while the others load on the same cores. The entry
 * exports this same module as `MatchersV3`.
 */
export * as MatchersV3 from '@pact-foundation/pact/src/v3/matchers.js';
