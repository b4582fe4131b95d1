/**
 * The run's concurrency policy, in one place: how many suite files run at
 * once, how many targets start and how many pact files and verifier runs
 * overlap. Whatever it chooses, MAX_CONCURRENCY bounds the
 * requests in flight over all of them (the run's permits,
 * src/http/run-permits.ts). It decides how much overlaps, never a verdict;
 * `npm run bench` measures a change of it (docs/benchmarks.md).
 */
import { availableParallelism } from 'node:os';
import type { Config } from './config.ts';

type Distance = Pick<Config, 'remote' | 'addedLatencyMs' | 'targetRoundTripMs'>;

/** A round trip from which a target counts as far: well above what a busy machine adds to a request on loopback. */
export const FAR_TARGET_MS = 20;

/**
 * Whether the run's time goes to waiting on the network: a real target whose round trip is long enough to keep a
 * worker waiting longer than it works on a request, or `verify --latency-ms`. Then what does not depend on each other
 * overlaps as far as MAX_CONCURRENCY lets it, at some CPU (a suite worker per permit, a Pact verifier run per pact
 * file). The embedded platform, or a target on this machine, answers at once, and there the CPU is what counts
 * (a worker's start is CPU it takes from the others).
 */
export function waitsOnNetwork(config: Distance): boolean {
  if ((config.addedLatencyMs ?? 0) > 0) return true;
  return config.remote !== undefined && (config.targetRoundTripMs ?? Number.POSITIVE_INFINITY) >= FAR_TARGET_MS;
}

/**
 * How many suite files run at once. Against a far target a suite file mostly waits on the network: as many workers
 * as MAX_CONCURRENCY keep that many requests in flight. Near, a worker's start (the CPU of loading the suites'
 * modules) costs more than its overlap wins: as many workers as cores, at least two, so the expiry check's wait never
 * holds the only one.
 */
export function suiteWorkers(config: Distance & Pick<Config, 'maxConcurrency'>): number {
  const wanted = waitsOnNetwork(config) ? config.maxConcurrency : Math.max(availableParallelism(), 2);
  return Math.max(1, Math.min(config.maxConcurrency, wanted));
}

/**
 * Pact files a verifier child replays at once (src/contracts/quiet-verification.ts): against a far target every file
 * in a verifier run of its own, the run's permits bounding them; otherwise one run over all files, the least CPU.
 */
export function pactFilesAtOnce(config: Distance & Pick<Config, 'maxConcurrency'>): number {
  return waitsOnNetwork(config) ? config.maxConcurrency : 1;
}

/** Targets a run starts and logs in to at once (src/runner/run-setup.ts): the kill matrix has dozens a run. */
export const TARGETS_STARTED_AT_ONCE = 8;

/** Verification jobs (one a target) a Pact verifier child runs at once. */
export const VERIFIER_JOBS_AT_ONCE = 4;
