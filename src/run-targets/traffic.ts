/**
 * The lines `verify --latency-ms` prints when a run target closes, and the
 * names of the run's performance measures: the benchmark
 * (scripts/bench-verify.ts) parses both, so they are spelled once, here.
 */
import type { TrafficStats } from '../../simulator/platform.ts';

export const trafficLinePrefix = 'Traffic ';

export function formatTraffic(project: string, stats: TrafficStats): string {
  return `${trafficLinePrefix}${project}: ${stats.requests} requests, latency sum ${(stats.latencySumMs / 1000).toFixed(2)} s, peak ${stats.peakInFlight} in flight (+${stats.addedLatencyMs} ms each)`;
}

export const trafficLinePattern = /^Traffic (.+): (\d+) requests, latency sum ([\d.]+) s, peak (\d+) in flight/;

/** `performance.measure` names of the global setup of each project (`global setup embedded 8.0`). */
export const setupMeasurePrefix = 'global setup ';
