/**
 * The order suite files start in. Most files are a handful of independent
 * requests; a few are chains that wait on the network step after step: the
 * Pact verifier replays one interaction at a time, the code exchanges and
 * the participant changes go request by request, a lifecycle creates,
 * reads, changes and deletes in turn, the expiry check waits a token out,
 * the refresh chain rotates in order. Started last, such a chain is the
 * run's tail, with one request in flight while every other worker is idle;
 * started first, it overlaps everything else. The rest keep vitest's own order.
 *
 * Listed, not left to vitest: vitest starts the files it timed slowest in
 * the last run first, and a 7.4 run times the 8.0-only chains as skipped,
 * so an 8.0 run after it would start them last, its chains the tail.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Chains of dependent requests, longest first at 50 ms a request (paths from the repository root). */
export const chainFiles = [
  'suites/contracts/contracts.test.ts',
  'suites/auth/token-exchange.test.ts',
  'suites/modules/job/participants-by-uuid.test.ts',
  'suites/modules/media/lifecycle.test.ts',
  'suites/modules/planning/lifecycle.test.ts',
  'suites/modules/job/lifecycle.test.ts',
  'suites/auth/expiry.test.ts',
  'suites/auth/refresh.test.ts',
] as const;

/**
 * A vitest sequencer that starts `files` first, in the order listed, and the rest in vitest's own order (paths from
 * the repository root). The suites' chains use it; so does `npm test` for its longest files.
 */
export function listedFirst(files: readonly string[]): typeof BaseSequencer {
  return class ListedFirst extends BaseSequencer {
    override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(specs);
      const rank = (spec: TestSpecification): number => {
        const index = files.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
        return index === -1 ? files.length : index;
      };
      // Array.prototype.sort is stable: within a rank, vitest's order stands.
      return [...sorted].sort((a, b) => rank(a) - rank(b));
    }
  };
}

export const ChainsFirstSequencer = listedFirst(chainFiles);
