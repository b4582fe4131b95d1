/**
 * The order `npm test` starts its files in. Vitest starts the files that
 * took longest last time first, and on a fresh clone (CI, with no results
 * cached) the largest. The kill matrix and the runs that wait out a
 * target's timeouts are neither the largest files nor, on a fresh clone,
 * known to be long: started late, one of them is the run's tail, with two
 * of the three slots idle. These start first, longest first; the
 * rest keep vitest's order.
 */
import { listedFirst } from '../../src/runner/file-order.ts';

/** Longest first, by their wall time in `npm test` on two cores (paths from the repository root). */
export const longFiles = [
  'test/kill-matrix/kill-matrix.test.ts',
  'test/cli/no-response-contracts.test.ts',
  'test/cli/browser-login.test.ts',
  'test/cli/verify-errors.test.ts',
  'test/e2e/independent-cas.test.ts',
  'test/e2e/keycloak-realm.test.ts',
  'test/conformance/embedded-verify.test.ts',
] as const;

export const LongFilesFirst = listedFirst(longFiles);
